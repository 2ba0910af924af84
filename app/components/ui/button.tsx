import { Link } from 'react-router';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'inverse';
type Size = 'sm' | 'md' | 'lg';

interface Common {
  variant?: Variant;
  size?: Size;
  icon?: ReactNode;
  /** Icon only, round; the text stays for screen readers. */
  iconOnly?: boolean;
  children: ReactNode;
}

const classes = (variant: Variant, size: Size, iconOnly: boolean, extra?: string) =>
  [styles.button, styles[variant], styles[size], iconOnly ? styles.iconOnly : '', extra]
    .filter(Boolean)
    .join(' ');

const label = (children: ReactNode, iconOnly: boolean) =>
  iconOnly ? <span className="visually-hidden">{children}</span> : children;

/** A pill-shaped button, as the brand direction draws buttons and chips. */
export function Button({
  variant = 'primary',
  size = 'md',
  icon,
  iconOnly = false,
  children,
  className,
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={classes(variant, size, iconOnly, className)} {...rest}>
      {icon}
      {label(children, iconOnly)}
    </button>
  );
}

/** A link that looks like a button: in-app paths navigate, others open as plain links. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  icon,
  iconOnly = false,
  children,
  className,
  href,
  reloadDocument,
  ...rest
}: Common &
  AnchorHTMLAttributes<HTMLAnchorElement> & {
    href: string;
    /** An in-app path that must load as a new page (another route set, spec §2). */
    reloadDocument?: boolean;
  }) {
  const cls = classes(variant, size, iconOnly, className);
  const text = label(children, iconOnly);
  if (href.startsWith('/') && !rest.target) {
    return (
      <Link to={href} className={cls} reloadDocument={reloadDocument} {...rest}>
        {icon}
        {text}
      </Link>
    );
  }
  return (
    <a href={href} className={cls} {...rest}>
      {icon}
      {text}
    </a>
  );
}
