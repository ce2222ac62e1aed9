import React from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')!).render(<React.StrictMode><div>大数据精准教学诊断平台</div></React.StrictMode>);
