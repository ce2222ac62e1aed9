export { useRenderJob, POLL_MS, type RenderJobHandle, type RenderJobView } from './useRenderJob';
export { JobProgressModal, JOB_STATE_TEXT } from './JobProgressModal';
