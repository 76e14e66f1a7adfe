// @vitest-environment jsdom
/** The trim range's keyboard use (arrows 0.1 s, Shift+arrows 1 s, Home/End, handles kept apart) and the clock format. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import video from '../../locales/en/video.json';
import { type Range, RangeSelector } from './RangeSelector.tsx';
import { formatClock } from './videoMeta.ts';

afterEach(cleanup);

function Harness({ initial, durationS }: { initial: Range; durationS: number }) {
  const [range, setRange] = useState(initial);
  return <RangeSelector src="blob:none" durationS={durationS} value={range} onChange={setRange} />;
}

async function renderRange(initial: Range, durationS = 30) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { video } }, defaultNS: 'video', interpolation: { escapeValue: false }, showSupportNotice: false });
  render(
    <I18nextProvider i18n={i18n}>
      <Harness initial={initial} durationS={durationS} />
    </I18nextProvider>,
  );
  return { start: screen.getByTestId('trim-start'), end: screen.getByTestId('trim-end') };
}

const now = (el: HTMLElement) => Number(el.getAttribute('aria-valuenow'));

describe('RangeSelector', () => {
  it('moves the focused handle by 0.1 s with arrows and 1 s with Shift, within the video', async () => {
    const { start, end } = await renderRange({ startS: 0, endS: 30 });
    expect(start.getAttribute('role')).toBe('slider');
    for (let i = 0; i < 25; i++) fireEvent.keyDown(end, { key: 'ArrowLeft', shiftKey: true });
    expect(now(end)).toBe(5);
    fireEvent.keyDown(end, { key: 'ArrowRight' });
    fireEvent.keyDown(end, { key: 'ArrowRight' });
    expect(now(end)).toBe(5.2);
    fireEvent.keyDown(start, { key: 'ArrowLeft' });
    expect(now(start)).toBe(0);
    fireEvent.keyDown(start, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(start, { key: 'ArrowUp' });
    expect(now(start)).toBe(1.1);
    expect(start.getAttribute('aria-valuetext')).toBe('0:01.1');
    fireEvent.keyDown(end, { key: 'End' });
    expect(now(end)).toBe(30);
  });

  it('keeps the handles at least 0.1 s apart', async () => {
    const { start, end } = await renderRange({ startS: 4, endS: 5 });
    fireEvent.keyDown(start, { key: 'End' });
    expect(now(start)).toBe(4.9);
    fireEvent.keyDown(end, { key: 'ArrowLeft', shiftKey: true });
    expect(now(end)).toBe(5);
    fireEvent.keyDown(end, { key: 'Home' });
    expect(now(end)).toBe(5);
    expect(Number(end.getAttribute('aria-valuemin'))).toBe(5);
  });
});

describe('formatClock', () => {
  it('shows minutes, seconds and tenths', () => {
    expect(formatClock(0)).toBe('0:00.0');
    expect(formatClock(5)).toBe('0:05.0');
    expect(formatClock(65.25)).toBe('1:05.3');
    expect(formatClock(599.96)).toBe('10:00.0');
  });
});
