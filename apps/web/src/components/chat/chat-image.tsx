import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useObjectUrl } from '../../lib/use-object-url.ts';

/** An image of a conversation, fetched with the session's token (an <img src> cannot send it). */
export function ChatImage({ load, alt }: { load: () => Promise<Blob>; alt: string }) {
  const [blob, setBlob] = useState<Blob | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    load().then(
      (b) => live && setBlob(b),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
    // The image of one message never changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const url = useObjectUrl(blob);
  if (failed) return <span>[图片无法加载]</span>;
  if (!url) return <Spin size="small" />;
  return (
    <a href={url} target="_blank" rel="noreferrer">
      <img src={url} alt={alt} className="chat-image" />
    </a>
  );
}
