// Asks before "Generate segregations" removes anything of the make-up plan, saying exactly what
// it will remove and keep (the server's preview of the same plan the job runs).
import { Dialog } from '../../components/Dialog';
import { describeSegregationChanges, type SegregationPreview } from './segregationChanges';

type Props = { preview: SegregationPreview; onConfirm: () => void; onClose: () => void };

export function RegenerateSegregationsDialog({ preview, onConfirm, onClose }: Props) {
  return (
    <Dialog title="Generate segregations?" onClose={onClose}>
      {describeSegregationChanges(preview).map((line) => (
        <p key={line}>{line}</p>
      ))}
      <div className="actions">
        <button type="button" className="button button--text" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            onClose();
            onConfirm();
          }}
        >
          Generate segregations
        </button>
      </div>
    </Dialog>
  );
}
