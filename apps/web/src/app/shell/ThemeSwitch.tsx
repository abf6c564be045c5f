// The theme choice in the account menu: System (the operating system's preference), Light or Dark.
import { SelectButton } from 'primereact/selectbutton';
import { THEME_CHOICES, setThemeChoice, useThemeChoice, type ThemeChoice } from '../../lib/theme/theme.ts';

const choiceTemplate = (option: (typeof THEME_CHOICES)[number]) => (
  <span className="hc-theme-choice">
    <i className={option.icon} aria-hidden="true" />
    {option.label}
  </span>
);

export function ThemeSwitch() {
  const choice = useThemeChoice();
  return (
    <div className="hc-user-panel-section flex flex-column gap-2">
      <span id="hc-theme-label" className="hc-label">
        Theme
      </span>
      <SelectButton
        value={choice}
        options={[...THEME_CHOICES]}
        optionValue="value"
        optionLabel="label"
        itemTemplate={choiceTemplate}
        // A choice is always set: clicking the current one keeps it rather than clearing it.
        allowEmpty={false}
        onChange={(e) => void setThemeChoice(e.value as ThemeChoice)}
        aria-labelledby="hc-theme-label"
        className="hc-theme-switch"
        data-testid="theme-switch"
      />
    </div>
  );
}
