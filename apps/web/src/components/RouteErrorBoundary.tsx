import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result } from 'antd';

export const isChunkLoadError = (e: unknown): boolean => {
  if (!(e instanceof Error)) return false;
  return e.name === 'ChunkLoadError' || /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(e.message);
};

interface Props { children: ReactNode; /** Changing it (e.g. the path) clears a shown error. */ resetKey?: string }
interface State { error: Error | null }

/** Catches a failed page chunk or a crashing page: shows a retry instead of a blank screen. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[page error]', error, info.componentStack);
  }

  componentDidUpdate(prev: Props) {
    if (this.state.error && prev.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  private retry = () => {
    if (isChunkLoadError(this.state.error)) window.location.reload();
    else this.setState({ error: null });
  };

  render() {
    if (!this.state.error) return this.props.children;
    const chunk = isChunkLoadError(this.state.error);
    return (
      <Result
        status="warning"
        title={chunk ? '页面加载失败' : '页面出现错误'}
        subTitle={chunk ? '网络不稳定或系统已更新，请重试。' : '请重试，若问题仍然存在请联系管理员。'}
        extra={<Button type="primary" onClick={this.retry}>重试</Button>}
      />
    );
  }
}

export default RouteErrorBoundary;
