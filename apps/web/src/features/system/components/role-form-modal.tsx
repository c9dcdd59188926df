import type { TRole, TRoleBody } from '@flexpay/contract/web';
import { Alert, App, Button, Col, Form, Modal, Result, Row, Spin } from 'antd';
import { applyFieldErrors } from '../../../components/apply-field-errors.ts';
import { TrimmedInput } from '../../../components/trimmed-input.tsx';
import { useCreateRole } from '../api/create-role.ts';
import { useMenuAll } from '../api/get-menu-all.ts';
import { useUpdateRole } from '../api/update-role.ts';
import { grantedMenuCodes, menuCodesOf, notOffered } from './menu-codes.ts';
import { ElementChecklist, MenuTreeField } from './permission-editor.tsx';
import { TrimmedTextArea } from '../../../components/trimmed-text-area.tsx';

interface TRoleFormValues {
  name: string;
  description: string;
  /** The tree's checked keys. */
  menuKeys: string[];
  elementCodes: string[];
}

/** Server field names -> form fields. */
const FORM_FIELDS = { name: 'name', description: 'description', menuCodes: 'menuKeys', elementCodes: 'elementCodes' };

export interface TRoleFormModalProps {
  open: boolean;
  /** The role to edit; null adds a role. */
  role: TRole | null;
  onClose: () => void;
  /** After the close animation: the parent may unmount the modal. */
  afterClose?: () => void;
}

/**
 * 新增角色 / 编辑角色: name, description, and the grants (menu tree and elements). The editor
 * offers the built screens and their elements only; a role's grants it does not offer (areas not
 * built yet, personal pages granted before every admin had them) are sent back as they were.
 * The owner's role always grants everything: its grants are shown read-only and sent back
 * unchanged.
 */
export function RoleFormModal({ open, role, onClose, afterClose }: TRoleFormModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TRoleFormValues>();
  const menuAll = useMenuAll();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const isOwnerRole = role?.isOwnerRole === true;
  const isSaving = createRole.isPending || updateRole.isPending;
  const offeredElements = new Set(menuAll.data?.elements.flatMap((g) => g.elements.map((e) => e.code)) ?? []);

  const onFinish = async (values: TRoleFormValues) => {
    if (isSaving || !menuAll.data) return;
    const body: TRoleBody = {
      name: values.name.trim(),
      description: (values.description ?? '').trim(),
      menuCodes:
        isOwnerRole && role
          ? role.menuCodes
          : [
              ...grantedMenuCodes(menuAll.data.menus, values.menuKeys ?? []),
              ...notOffered(role?.menuCodes ?? [], menuCodesOf(menuAll.data.menus)),
            ],
      elementCodes:
        isOwnerRole && role
          ? role.elementCodes
          : [
              ...(values.elementCodes ?? []).filter((code) => offeredElements.has(code)),
              ...notOffered(role?.elementCodes ?? [], offeredElements),
            ],
    };
    try {
      if (role) await updateRole.mutateAsync({ id: role.id, body });
      else await createRole.mutateAsync(body);
    } catch (error) {
      applyFieldErrors(form, error, FORM_FIELDS);
      return;
    }
    void message.success(role ? '角色已保存' : '角色已添加');
    onClose();
  };

  let permissions;
  if (menuAll.isPending) {
    permissions = (
      <Spin description="正在加载权限列表…">
        <div style={{ height: 160 }} />
      </Spin>
    );
  } else if (menuAll.isError) {
    permissions = (
      <Result
        status="error"
        title="权限列表加载失败"
        extra={
          <Button onClick={() => void menuAll.refetch()} loading={menuAll.isFetching}>
            重新加载
          </Button>
        }
      />
    );
  } else {
    permissions = (
      <>
        {isOwnerRole && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="企业管理员角色拥有全部权限，只能修改名称和描述。"
          />
        )}
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="menuKeys" label="菜单权限" extra="勾选子菜单时会同时授予其上级菜单">
              <MenuTreeField menus={menuAll.data.menus} disabled={isOwnerRole} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="elementCodes" label="操作权限">
              <ElementChecklist groups={menuAll.data.elements} disabled={isOwnerRole} />
            </Form.Item>
          </Col>
        </Row>
      </>
    );
  }

  return (
    <Modal
      open={open}
      title={role ? '编辑角色' : '新增角色'}
      width={880}
      okText="保存"
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={afterClose}
      okButtonProps={{ loading: isSaving, disabled: !menuAll.data }}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form<TRoleFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          name: role?.name ?? '',
          description: role?.description ?? '',
          menuKeys: role?.menuCodes ?? [],
          elementCodes: role?.elementCodes ?? [],
        }}
        onFinish={(values) => void onFinish(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label="角色名称"
              rules={[
                { required: true, whitespace: true, message: '请输入角色名称' },
                { max: 30, message: '角色名称最多 30 个字符' },
              ]}
            >
              <TrimmedInput placeholder="请输入角色名称" maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="description" label="角色描述" rules={[{ max: 200, message: '角色描述最多 200 个字符' }]}>
              <TrimmedTextArea placeholder="请输入角色描述" autoSize={{ minRows: 1, maxRows: 3 }} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        {permissions}
      </Form>
    </Modal>
  );
}
