// A form's overall outcome above its buttons: an error (announced) or a confirmation.
export function FormStatus({ error, success }: { error?: string | null; success?: string | null }) {
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    );
  }
  if (success) {
    return (
      <p className="notice notice--success" role="status">
        {success}
      </p>
    );
  }
  return null;
}
