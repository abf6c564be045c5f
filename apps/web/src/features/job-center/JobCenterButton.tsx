// The top bar's way to the job center.
import { memo } from 'react';
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { jobCenterMessages } from '@hc/shared/messages';

export const JobCenterButton = memo(function JobCenterButton() {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      icon="pi pi-list-check"
      rounded
      text
      severity="secondary"
      aria-label={jobCenterMessages.title}
      tooltip={jobCenterMessages.title}
      tooltipOptions={{ position: 'bottom' }}
      onClick={() => void navigate('/jobs')}
      className="hc-topbar-button"
      data-testid="job-center-button"
    />
  );
});
