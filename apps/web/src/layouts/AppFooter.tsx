/** Footer (docs/PRODUCT.md §2): copyright line, ICP filing number, contact line with phone and contact teacher. Values configurable at build time. */
const env = import.meta.env;
export const SITE_INFO = {
  copyright: (env.VITE_COPYRIGHT as string | undefined) ?? `Copyright © ${new Date().getFullYear()} 大数据精准教学诊断平台 版权所有`,
  icp: (env.VITE_ICP_NUMBER as string | undefined) ?? '粤ICP备00000000号',
  phone: (env.VITE_CONTACT_PHONE as string | undefined) ?? '400-000-0000',
  teacher: (env.VITE_CONTACT_TEACHER as string | undefined) ?? '王老师',
};

export function AppFooter({ dark = false }: { dark?: boolean }) {
  return (
    <footer className={`jz-footer${dark ? ' jz-footer-dark' : ''}`}>
      <div>{SITE_INFO.copyright}</div>
      <div>
        <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">{SITE_INFO.icp}</a>
      </div>
      <div>联系电话：{SITE_INFO.phone}　联系老师：{SITE_INFO.teacher}</div>
    </footer>
  );
}

export default AppFooter;
