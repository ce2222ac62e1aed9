import { message } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { tokenStore, type ApiResult } from '@/utils/request';
import { homePathOf } from './homePath';

const LOGIN_PATHS = ['/', '/login', '/logins'];

/** After any login of the teaching site: token stored → user info → the page asked for (`from`), else home. */
export function useFinishLogin() {
  const navigate = useNavigate();
  const { refresh } = useCurrentUser();
  return async (res: ApiResult<{ accessToken: string | null } | null>, from?: string): Promise<boolean> => {
    if (res.code !== 200 || !res.data?.accessToken) {
      message.error(res.msg || '登录失败');
      return false;
    }
    tokenStore.set(res.data.accessToken);
    const user = await refresh();
    if (!user) {
      tokenStore.clear();
      message.error('获取用户信息失败，请重新登录');
      return false;
    }
    navigate(from && !LOGIN_PATHS.includes(from.split('?')[0]) ? from : homePathOf(user), { replace: true });
    return true;
  };
}
