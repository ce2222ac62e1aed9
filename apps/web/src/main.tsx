import '@jz/shared/zod-jitless';
import React from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import App from './App';
import { isChunkLoadError } from './components/RouteErrorBoundary';
import { STORAGE_KEYS } from './utils/storage';
import './styles/global.css';

dayjs.locale('zh-cn');

const theme = { token: { colorPrimary: '#1677ff', borderRadius: 6 } };
// Static Modal/message calls render outside the tree: give them the same locale and exact button texts.
ConfigProvider.config({
  holderRender: (children) => <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={theme}>{children}</ConfigProvider>,
});

/**
 * App version check (docs/PRODUCT.md §4): when the build version differs from the stored one, local storage is cleared,
 * the new version stored and the page reloaded. Returns true when a reload was started.
 */
function checkAppVersion(): boolean {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.appVersion);
    if (stored === __APP_VERSION__) return false;
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.appVersion, __APP_VERSION__);
    if (stored !== null) {
      window.location.reload();
      return true;
    }
  } catch {
    // storage unavailable (private mode): nothing to compare
  }
  return false;
}

// Navigation and chunk failures are swallowed: the route's error boundary offers a retry.
window.addEventListener('unhandledrejection', (e) => {
  if (isChunkLoadError(e.reason)) e.preventDefault();
});

if (!checkAppVersion()) {
  createRoot(document.getElementById('root')!).render(
    <React.StrictMode>
      {/* Button texts exactly as the spec writes them (antd would print 登录 as 登 录). */}
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={theme}>
        <AntApp>
          <HashRouter>
            <App />
          </HashRouter>
        </AntApp>
      </ConfigProvider>
    </React.StrictMode>,
  );
}
