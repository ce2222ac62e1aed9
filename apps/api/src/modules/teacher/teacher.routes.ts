import type { ModuleRoutes } from '../index.js';

const routes: ModuleRoutes = async () => {};
export default routes;
