// @vitest-environment jsdom
import type { CreatedApiKey } from '@tessera/shared/api';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import apiPlatform from '../../locales/en/apiPlatform.json';
import common from '../../locales/en/common.json';
import { CreateKeyDialog } from './CreateKeyDialog.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const CREATED: CreatedApiKey = {
  key: { id: '0f8fad5b-d9cb-469f-a165-70867728950e', name: 'CI', prefix: 'tsk_AbCd1234', createdAt: '2026-01-01T00:00:00Z', lastUsedAt: null, revokedAt: null, usage: { tasks: 0, credits: 0 } },
  secret: 'tsk_AbCd1234efghijklmnopqrstuvwxyzABCDEFGHIJ012345',
  trialCredits: 100,
};

async function renderDialog(props: { created?: CreatedApiKey | null; busy?: boolean } = {}) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { common, apiPlatform } }, defaultNS: 'common', interpolation: { escapeValue: false } });
  const onCreate = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <CreateKeyDialog open onOpenChange={() => undefined} created={props.created ?? null} busy={props.busy ?? false} onCreate={onCreate} />
    </I18nextProvider>,
  );
  return { onCreate };
}

describe('CreateKeyDialog', () => {
  it('creates a key only once it has a name', async () => {
    const { onCreate } = await renderDialog();
    const submit = screen.getByRole('button', { name: 'Create key' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '   ' } });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: '  Production  ' } });
    fireEvent.click(submit);
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('Production');
  });

  it('shows the secret with the once-only warning and the trial credits, and copies it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await renderDialog({ created: CREATED });
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe(CREATED.secret);
    expect(screen.getByText(apiPlatform.create.warning)).toBeTruthy();
    expect(screen.getByTestId('api-key-trial').textContent).toContain('100 API credits');
    await act(async () => fireEvent.click(screen.getByTestId('api-key-copy')));
    expect(writeText).toHaveBeenCalledExactlyOnceWith(CREATED.secret);
    expect(screen.getByTestId('api-key-copy').textContent).toBe('Copied');
  });

  it('says nothing of trial credits when the key brought none, and says how to copy by hand when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) } });
    await renderDialog({ created: { ...CREATED, trialCredits: 0 } });
    expect(screen.queryByTestId('api-key-trial')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('api-key-copy')));
    expect(screen.getByText(apiPlatform.copy.failed)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('API key'));
  });
});
