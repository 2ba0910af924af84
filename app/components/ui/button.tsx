import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'inverse';
type Size = 'sm' | 'md' | 'lg';

interface Common {
  variant?: Variant;
  size?: Size;
  icon?: ReactNode;
  children: ReactNode;
}

const classes = (variant: Variant, size: Size, extra?: string) =>
  [styles.button, styles[variant], styles[size], extra].filter(Boolean).join(' ');

/** A pill button (brand.md). */
export function Button({
  variant = 'primary',
  size = 'md',
  icon,
  children,
  className,
  ...rest
}: Common & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={classes(variant, size, className)} {...rest}>
      {icon}
      {children}
    </button>
  );
}

/** A link that looks like a button: in-app paths navigate, others open as plain links. */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  icon,
  children,
  className,
  href,
  ...rest
}: Common & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const cls = classes(variant, size, className);
  if (href.startsWith('/') && !rest.target) {
    return (
      <Link to={href} className={cls} {...rest}>
        {icon}
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={cls} {...rest}>
      {icon}
      {children}
    </a>
  );
}
