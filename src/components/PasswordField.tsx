// A password input with a show/hide toggle (the sign-in screen's, reused by the account forms).
import { useState, type ComponentProps } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { TextField } from './TextField';

export function PasswordField(props: Omit<ComponentProps<typeof TextField>, 'type' | 'adornment'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          className="icon-button field__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
