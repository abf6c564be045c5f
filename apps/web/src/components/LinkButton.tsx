// A PrimeReact Button that navigates inside the app (for calls to action that lead to another page).
import { useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import type { ButtonProps } from 'primereact/button';

interface LinkButtonProps extends Omit<ButtonProps, 'onClick' | 'type'> {
  to: string;
  onNavigate?: () => void;
}

export function LinkButton({ to, onNavigate, ...props }: LinkButtonProps) {
  const navigate = useNavigate();
  return (
    <Button
      type="button"
      {...props}
      onClick={() => {
        onNavigate?.();
        void navigate(to);
      }}
    />
  );
}
