/**
 * The shell's account dialogs for other pages (e.g. pages/userInfo/PersonInfo):
 * `<ChangePasswordDialog open onClose />`, `<BindEmailDialog open onClose email? userId? />`,
 * `<BindEmailFormDialog open onClose userId onFinish? />`.
 * The main layout also opens them on `window.dispatchEvent(new CustomEvent('jz:open-dialog', { detail: 'changePassword' | 'bindEmail' }))`.
 */
export { ChangePasswordModal as ChangePasswordDialog, type ChangePasswordModalProps as ChangePasswordDialogProps } from './ChangePasswordModal';
export { BindEmailModal as BindEmailDialog, type BindEmailModalProps as BindEmailDialogProps } from './BindEmailModal';
export { BindEmailFormModal as BindEmailFormDialog, type BindEmailFormModalProps as BindEmailFormDialogProps } from './BindEmailFormModal';
