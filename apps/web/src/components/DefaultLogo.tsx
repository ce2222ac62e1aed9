/** The product's default logo (used when the school has no logo): a chart rising over an open book. */
export function DefaultLogo({ size = 36, title = '大数据精准教学诊断平台' }: { size?: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={title} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <defs>
        <linearGradient id="jz-logo-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b8cff" />
          <stop offset="1" stopColor="#1456d9" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="46" height="46" rx="11" fill="url(#jz-logo-bg)" />
      <path d="M9 33c5-2.2 10-2.2 15 0 5-2.2 10-2.2 15 0v4c-5-2.2-10-2.2-15 0-5-2.2-10-2.2-15 0z" fill="#fff" opacity=".95" />
      <rect x="13" y="22" width="4" height="8" rx="1" fill="#fff" opacity=".75" />
      <rect x="20" y="17" width="4" height="13" rx="1" fill="#fff" opacity=".85" />
      <rect x="27" y="12" width="4" height="18" rx="1" fill="#fff" />
      <path d="M12 19l8-6 6 3 9-7" stroke="#ffd666" strokeWidth="2.2" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="35" cy="9" r="2.2" fill="#ffd666" />
    </svg>
  );
}

export default DefaultLogo;
