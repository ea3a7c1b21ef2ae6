// A labelled input with its error underneath, wired for assistive technology (the label names
// the input; the error is announced and described). An optional adornment sits inside the box.
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: string;
  adornment?: ReactNode;
};

export function TextField({ label, error, hint, adornment, className, ...input }: TextFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="field__box">
        <input id={id} aria-invalid={error ? true : undefined} aria-describedby={described || undefined} {...input} />
        {adornment}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
