// Asks for the name of a copy of a project or scenario, makes the copy and reloads the list.
import { NameDialog } from '../../components/NameDialog';

type CloneDialogProps = {
  /** What is copied. */
  name: string;
  clone: (name: string) => Promise<unknown>;
  reload: () => Promise<void>;
  onClose: () => void;
};

export function CloneDialog({ name, clone, reload, onClose }: CloneDialogProps) {
  return (
    <NameDialog
      title={`Clone ${name}`}
      label="Name of the copy"
      initial={`${name} (copy)`}
      submitLabel="Clone"
      onSubmit={async (copy) => {
        await clone(copy);
        await reload();
      }}
      onClose={onClose}
    />
  );
}
