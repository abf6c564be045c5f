// Monetization setup home (/admin/monetization/setup): the five actions.
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { SETUP_BUTTONS, SETUP_HOME_PATH } from './actions.ts';
import '../../../components/data-page.css';
import '../monetization.css';

export function SetupHomePage() {
  const navigate = useNavigate();
  return (
    <div className="hc-data-page hc-mon" data-testid="monetization-setup-home">
      <header className="hc-page-header">
        <div>
          <h1 className="hc-page-title">Monetization Setup</h1>
          <p className="hc-page-subtitle">
            The video ad manager and display fallback of each publisher and placement.
          </p>
        </div>
      </header>
      <div className="hc-mon-actions">
        {SETUP_BUTTONS.map((b) => (
          <div key={b.action} className="hc-card hc-mon-action">
            <Button
              label={b.label}
              icon={b.icon}
              className="hc-mon-action__button"
              data-testid={`setup-action-${b.action}`}
              onClick={() => void navigate(`${SETUP_HOME_PATH}/${b.action}`)}
            />
            <p className="hc-mon-action__hint">{b.hint}</p>
          </div>
        ))}
      </div>
    </div>
  );
}
