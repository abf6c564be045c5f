// A code sample with a copy button (embed snippets on the integration pages).
import { Button } from 'primereact/button';
import { messages } from '@hc/shared/messages';
import { copyText } from '../../lib/clipboard.ts';
import { useToast } from '../../lib/toast.tsx';

export function CodeBlock({ code, label, testId }: { code: string; label: string; testId?: string }) {
  const toast = useToast();
  return (
    <figure className="hc-code" data-testid={testId}>
      <figcaption className="hc-code-caption">
        <span>{label}</span>
        <Button
          type="button"
          label="Copy"
          icon="pi pi-copy"
          size="small"
          text
          onClick={() => {
            void copyText(code).then((ok) =>
              ok ? toast.success(messages.embedCodeCopied) : toast.error(messages.somethingWentWrong),
            );
          }}
        />
      </figcaption>
      <pre>
        <code>{code}</code>
      </pre>
    </figure>
  );
}
