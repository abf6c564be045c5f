// What PrimeReact's Paginator gets when it imports InputNumber (vite.config.ts, paginatorInputNumberLater):
// the real InputNumber, loaded when a paginator first draws its jump-to-page box. No console table shows
// that box, so every table's first screen goes without InputNumber's code; a template that adds it still
// works, the box appearing once its code has arrived.
import { Suspense, type ComponentProps } from 'react';
import { lazyPart } from '../lazyPart.ts';

const RealInputNumber = lazyPart(() =>
  import('primereact/inputnumber').then((m) => ({ default: m.InputNumber })),
);

/** InputNumber, loaded on first use; nothing in its place while its code arrives. */
export function InputNumber(props: ComponentProps<typeof RealInputNumber>) {
  return (
    <Suspense fallback={null}>
      <RealInputNumber {...props} />
    </Suspense>
  );
}
