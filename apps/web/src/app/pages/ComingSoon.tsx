// The one placeholder for screens registered in the route table whose implementation ships later.
import { Card } from 'primereact/card';
import { Tag } from 'primereact/tag';
import { Link } from 'react-router';

export function ComingSoon({ label }: { label: string }) {
  return (
    <div className="hc-page" data-testid="coming-soon">
      <Card className="hc-coming-soon hc-card-flush">
        <div className="flex align-items-start gap-3">
          <span className="hc-coming-soon-icon pi pi-wrench" aria-hidden="true" />
          <div className="flex flex-column gap-2">
            <div className="flex align-items-center gap-2 flex-wrap">
              <h1 className="hc-page-title m-0">{label}</h1>
              <Tag value="Coming soon" severity="info" rounded />
            </div>
            <p className="m-0 hc-muted">
              This screen arrives in a coming release. Your access to it is already set up; until then, the{' '}
              <Link to="/">APV Highlights</Link> list and the <Link to="/docs">documentation</Link> are
              available.
            </p>
          </div>
        </div>
      </Card>
    </div>
  );
}
