import { describe, expect, it } from 'vitest';
import {
  foreignKeyViolationOf,
  MISSING_REFERENCE_MESSAGE,
  REFERENCED_FALLBACK,
  REFERENCED_MESSAGES,
} from './constraint-errors.ts';

/** A driver error as node-postgres and PGlite raise it, wrapped as Drizzle wraps it. */
function wrapped(fields: { code: string; constraint?: string; message: string }) {
  const driver = Object.assign(new Error(fields.message), fields);
  return new Error('Failed query: delete from "worker" where ...\nparams: 1,2', { cause: driver });
}

describe('foreignKeyViolationOf', () => {
  it('finds the refusal of a delete under Drizzle’s wrapper and answers the constraint’s message', () => {
    const err = wrapped({
      code: '23503',
      constraint: 'payroll_item_worker_fk',
      message:
        'update or delete on table "worker" violates foreign key constraint "payroll_item_worker_fk" on table "payroll_item"',
    });
    expect(foreignKeyViolationOf(err)).toEqual({
      constraint: 'payroll_item_worker_fk',
      kind: 'referenced',
      message: '该员工已有发放记录，不能删除，可设为离职',
    });
  });

  it('answers the generic message for a key without one of its own', () => {
    const err = wrapped({
      code: '23503',
      constraint: 'some_new_fk',
      message: 'update or delete on table "a" violates foreign key constraint "some_new_fk" on table "b"',
    });
    expect(foreignKeyViolationOf(err)?.message).toBe(REFERENCED_FALLBACK);
    expect(REFERENCED_FALLBACK).toBe('数据已被其他记录引用，不能删除');
  });

  it('tells a write naming a missing row from a delete of a referred one', () => {
    const err = wrapped({
      code: '23503',
      constraint: 'payroll_item_worker_fk',
      message: 'insert or update on table "payroll_item" violates foreign key constraint "payroll_item_worker_fk"',
    });
    expect(foreignKeyViolationOf(err)).toMatchObject({ kind: 'missing', message: MISSING_REFERENCE_MESSAGE });
  });

  it('reads the side from a translated server message by its quoted names', () => {
    const of = (message: string) => foreignKeyViolationOf(wrapped({ code: '23503', constraint: 'k', message }))?.kind;
    expect(of('对表 "worker" 的更新或删除违反表 "payroll_item" 上的外键约束 "k"')).toBe('referenced');
    expect(of('对表 "payroll_item" 的插入或更新违反外键约束 "k"')).toBe('missing');
    expect(of('Aktualisieren oder Löschen in Tabelle »a« verletzt Fremdschlüssel-Constraint »k« von Tabelle »b«')).toBe(
      'referenced',
    );
    expect(of('UPDATE ou DELETE sur la table « a » viole la contrainte de clé étrangère « k » de la table « b »')).toBe(
      'referenced',
    );
    expect(of('inserción o actualización en la tabla «b» viola la llave foránea «k»')).toBe('missing');
  });

  it('leaves other errors alone', () => {
    expect(
      foreignKeyViolationOf(wrapped({ code: '23505', constraint: 'x', message: 'duplicate key' })),
    ).toBeUndefined();
    expect(foreignKeyViolationOf(new Error('boom'))).toBeUndefined();
    expect(foreignKeyViolationOf('23503')).toBeUndefined();
  });

  it('gives the references a user reaches messages of the services’ own wording', () => {
    expect(REFERENCED_MESSAGES.worker_company_id_job_type_id_job_type_company_id_id_fk).toBe(
      '该工种已有员工使用，不能删除，可停用',
    );
    expect(REFERENCED_MESSAGES.admin_role_company_id_role_id_role_company_id_id_fk).toBe(
      '该角色已分配给管理员，不能删除',
    );
  });
});
