import { useEffect, useState } from 'react';
import { Empty, Image, Typography } from 'antd';
import { studentSheetImage, type StudentSheetPage } from '@/api/student';

/**
 * Her scanned answer-card pages (答题卡) of one subject. The images want her token, which an <img> cannot send:
 * each is fetched with it and shown from a blob URL (released when the subject changes). Click enlarges (antd
 * preview, with the other pages of the subject a swipe away).
 */
export function AnswerSheets({ sheets }: { sheets: StudentSheetPage[] }) {
  const [urls, setUrls] = useState<Record<number, string | 'failed'>>({});

  useEffect(() => {
    let alive = true;
    const made: string[] = [];
    setUrls({});
    for (const s of sheets) {
      studentSheetImage(s.pageId)
        .then((res) => {
          if (!alive) return;
          if (!('blob' in res)) { setUrls((u) => ({ ...u, [s.pageId]: 'failed' })); return; }
          const url = URL.createObjectURL(res.blob);
          made.push(url);
          setUrls((u) => ({ ...u, [s.pageId]: url }));
        })
        .catch(() => alive && setUrls((u) => ({ ...u, [s.pageId]: 'failed' })));
    }
    return () => { alive = false; made.forEach((u) => URL.revokeObjectURL(u)); };
  }, [sheets]);

  return (
    <div data-testid="student-sheets">
      <Typography.Title level={5} style={{ marginTop: 16 }}>答题卡</Typography.Title>
      {!sheets.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无答题卡图像" /> : (
        <Image.PreviewGroup>
          <div className="jz-student-sheets">
            {sheets.map((s, i) => {
              const url = urls[s.pageId];
              const label = `第 ${s.pageNo ?? i + 1} 页`;
              return (
                <figure key={s.pageId} className="jz-student-sheet">
                  {url === 'failed' ? <div className="jz-student-sheet-box">图片加载失败</div>
                    : url ? <Image src={url} alt={`答题卡${label}`} width="100%" />
                      : <div className="jz-student-sheet-box" aria-busy="true">加载中…</div>}
                  <figcaption>{label}（点击放大）</figcaption>
                </figure>
              );
            })}
          </div>
        </Image.PreviewGroup>
      )}
    </div>
  );
}
