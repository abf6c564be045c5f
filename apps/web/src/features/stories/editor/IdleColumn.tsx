// The middle column while no page is open: the story's title and how to go on.
export function IdleColumn({ title, hasPages }: { title: string; hasPages: boolean }) {
  return (
    <section className="hc-se-col hc-se-col--idle" aria-label="Page" data-testid="se-listing">
      <div className="hc-se-idle">
        <i className="pi pi-file-edit" aria-hidden="true" />
        <h2>{title}</h2>
        <p>
          {hasPages
            ? 'Pick a page to edit it, or add a new one with New page.'
            : 'Add the first page with New page.'}
        </p>
      </div>
    </section>
  );
}
