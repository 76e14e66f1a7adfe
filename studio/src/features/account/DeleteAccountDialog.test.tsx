// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import account from '../../locales/en/account.json';
import common from '../../locales/en/common.json';
import { confirmationMatches } from './accountRules.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';

afterEach(cleanup);

async function renderDialog(props: { email: string; busy?: boolean; problem?: string | null }) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common, account } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  const onConfirm = vi.fn();
  const onOpenChange = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <DeleteAccountDialog open email={props.email} busy={props.busy ?? false} problem={props.problem ?? null} onConfirm={onConfirm} onOpenChange={onOpenChange} />
    </I18nextProvider>,
  );
  const input = screen.getByLabelText('Your email address') as HTMLInputElement;
  const button = screen.getByRole('button', { name: 'Delete my account forever' }) as HTMLButtonElement;
  return { input, button, onConfirm, onOpenChange };
}

describe('confirmationMatches', () => {
  it('accepts the account address in any case, with outer spaces', () => {
    expect(confirmationMatches('ada@example.com', 'Ada@Example.com')).toBe(true);
    expect(confirmationMatches('  ADA@EXAMPLE.COM ', 'ada@example.com')).toBe(true);
  });
  it('rejects anything else, including an empty text', () => {
    expect(confirmationMatches('', '')).toBe(false);
    expect(confirmationMatches('ada@example.co', 'ada@example.com')).toBe(false);
    expect(confirmationMatches('ada@example.com.', 'ada@example.com')).toBe(false);
    expect(confirmationMatches('bob@example.com', 'ada@example.com')).toBe(false);
  });
});

describe('DeleteAccountDialog (delete-account confirm widget)', () => {
  it('names the address and keeps the delete button disabled until it is typed, ignoring case', async () => {
    const { input, button, onConfirm } = await renderDialog({ email: 'Ada@Example.com' });
    expect(screen.getByText('To confirm, type your email address: Ada@Example.com')).toBeTruthy();
    expect(button.disabled).toBe(true);

    fireEvent.change(input, { target: { value: 'ada@example' } });
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.change(input, { target: { value: 'ADA@example.COM' } });
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    expect(onConfirm).toHaveBeenCalledExactlyOnceWith('ADA@example.COM');

    fireEvent.change(input, { target: { value: 'ada@example.comx' } });
    expect(button.disabled).toBe(true);
  });

  it('cannot be confirmed twice or closed while the deletion runs, and shows the server problem', async () => {
    const { input, button, onConfirm, onOpenChange } = await renderDialog({ email: 'ada@example.com', busy: true, problem: 'Incorrect Parameter' });
    fireEvent.change(input, { target: { value: 'ada@example.com' } });
    expect(button.disabled).toBe(true);
    fireEvent.submit(button.closest('form')!);
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Incorrect Parameter');
  });

  it('cancel closes the dialog', async () => {
    const { onOpenChange } = await renderDialog({ email: 'ada@example.com' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
