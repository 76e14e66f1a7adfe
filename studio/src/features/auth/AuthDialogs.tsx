import { safeCallbackPath } from '@tessera/shared/auth';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Dialog } from '../../components/ui/Dialog.tsx';
import { usePopupStore } from '../popups/popupStore.ts';
import { AuthForm } from './AuthForm.tsx';

export function SignUpDialog() {
  const { t } = useTranslation('common');
  const { current, close, open } = usePopupStore();
  return (
    <Dialog open={current?.name === 'signUp'} onOpenChange={(o) => !o && close()} title={t('auth.signUpTitle')} description={t('auth.signUpSubtitle')}>
      <AuthForm
        mode="signUp"
        onDone={() => {
          close();
          toast.success(t('auth.welcome'));
        }}
      />
      <p className="mt-4 text-center text-sm text-muted">
        {t('auth.haveAccount')}{' '}
        <button type="button" className="font-medium text-accent hover:underline" onClick={() => open('logIn', {})}>
          {t('auth.logIn')}
        </button>
      </p>
    </Dialog>
  );
}

export function LogInDialog() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { current, close, open } = usePopupStore();
  const callbackUrl = current?.name === 'logIn' ? current.props.callbackUrl : undefined;
  return (
    <Dialog open={current?.name === 'logIn'} onOpenChange={(o) => !o && close()} title={t('auth.logInTitle')} description={t('auth.logInSubtitle')}>
      <AuthForm
        mode="logIn"
        onDone={() => {
          close();
          if (callbackUrl) void navigate(safeCallbackPath(callbackUrl));
        }}
      />
      <p className="mt-4 text-center text-sm text-muted">
        {t('auth.noAccount')}{' '}
        <button type="button" className="font-medium text-accent hover:underline" onClick={() => open('signUp')}>
          {t('auth.signUp')}
        </button>
      </p>
    </Dialog>
  );
}
