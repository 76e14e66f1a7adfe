/**
 * The chat's message box (the image chat and the flow planner): a labelled textarea where Enter
 * sends and Shift+Enter (or an IME composition) adds a line.
 */
export function ComposerTextarea(p: { id: string; label: string; value: string; maxLength: number; placeholder: string; onChange(value: string): void; onSend(): void; testId: string }) {
  return (
    <>
      <label htmlFor={p.id} className="sr-only">
        {p.label}
      </label>
      <textarea
        id={p.id}
        value={p.value}
        maxLength={p.maxLength}
        rows={3}
        placeholder={p.placeholder}
        onChange={(e) => p.onChange(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            p.onSend();
          }
        }}
        className="w-full resize-none rounded-lg border border-border bg-surface-2 p-2 text-sm placeholder:text-muted focus:border-accent focus:outline-none"
        data-testid={p.testId}
      />
    </>
  );
}
