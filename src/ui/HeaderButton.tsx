import { Icon, type IconName } from './icons';

interface ButtonProps {
  part: string;
  icon: IconName;
  label: string;
  onClick: () => void;
  pressed?: boolean;
  extraClass?: string;
}

/** An icon button of the header (its label is its accessible name and tooltip). */
export function HeaderButton({ part, icon, label, onClick, pressed, extraClass = '' }: ButtonProps) {
  return (
    <button
      type="button"
      class={`icon-button ${extraClass}`}
      part={part}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
    >
      <Icon name={icon} />
    </button>
  );
}
