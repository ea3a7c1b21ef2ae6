// The split editor of one segregation on an airline node (SPEC sections 4 and 5): the fixed 100%
// until the first add, then one proportion input per split (0 to 100, step 5, % suffix) with a
// connection handle each; a sum other than 100 marks the inputs as errors and the handles refuse.
import { useState } from 'react';
import { useSetAtom } from 'jotai';
import { Handle, Position } from '@xyflow/react';
import {
  canRemoveSplit,
  isSegregationValid,
  isValidProportion,
  proportionProblem,
  shownProportions,
  splitId,
  SPLIT_MAX,
  SPLIT_MIN,
  SPLIT_STEP,
} from '../../../../workers/flow/splits';
import { editSplitsAtom } from '../atoms';
import type { SegregationData } from '../model/types';

type Props = { nodeId: string; code: string; segregation: SegregationData };

export function SplitEditor({ nodeId, code, segregation }: Props) {
  const editSplits = useSetAtom(editSplitsAtom);
  const valid = isSegregationValid(segregation.splits);
  const edit = (e: Parameters<typeof editSplits>[0]['edit']) => editSplits({ nodeId, segregation: segregation.name, edit: e });
  const label = `${code} ${segregation.name}`;
  return (
    <div className={`split-editor${valid ? '' : ' split-editor--invalid'}`} role="group" aria-label={`Segregation ${label}`}>
      <div className="split-editor__title">
        <span>{segregation.name}</span>
        <button type="button" className="split-editor__add nodrag" onClick={() => edit({ kind: 'add' })} aria-label={`Add split to ${label}`}>
          + Split
        </button>
      </div>
      {shownProportions(segregation.splits).map((proportion, index) => (
        <div className="split-editor__row" key={index}>
          {segregation.splits.length === 0 ? (
            <span className="split-editor__fixed">100%</span>
          ) : (
            <ProportionInput
              label={`${label} split ${index + 1}`}
              value={proportion}
              invalid={!valid}
              onChange={(value) => edit({ kind: 'set', index, value })}
            />
          )}
          {canRemoveSplit(segregation.splits, index) && (
            <button
              type="button"
              className="split-editor__remove nodrag"
              onClick={() => edit({ kind: 'remove', index })}
              aria-label={`Remove ${label} split ${index + 1}`}
            >
              ×
            </button>
          )}
          <Handle
            type="source"
            position={Position.Right}
            id={splitId(code, segregation.name, index)}
            isConnectable={valid}
            className={`flow-handle flow-handle--split nodrag${valid ? '' : ' flow-handle--disabled'}`}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * Keeps what is typed until it is a valid proportion, so typing "4" on the way to "45" works, and
 * says why a value is refused (while it is typed, and after leaving it, when the old one stays).
 */
function ProportionInput({ label, value, invalid, onChange }: { label: string; value: number; invalid: boolean; onChange: (value: number) => void }) {
  const [draft, setDraft] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const problem = draft === null ? null : proportionProblem(draft);
  const why = problem ? `${label}: ${problem}` : refused;
  return (
    <span className={`proportion${invalid || why ? ' proportion--error' : ''}`}>
      <input
        className="proportion__input nodrag"
        type="number"
        min={SPLIT_MIN}
        max={SPLIT_MAX}
        step={SPLIT_STEP}
        aria-label={label}
        aria-invalid={invalid}
        value={draft ?? String(value)}
        onChange={(event) => {
          const text = event.target.value;
          const next = Number(text);
          setRefused(null);
          if (text !== '' && isValidProportion(next)) {
            setDraft(null);
            onChange(next);
          } else setDraft(text);
        }}
        onBlur={() => {
          if (problem) setRefused(`${label}: ${draft} was not taken (${problem}); it stays ${value} %`);
          setDraft(null);
        }}
      />
      <span className="proportion__suffix">%</span>
      {why && (
        <span className="proportion__why" role="alert">
          {why}
        </span>
      )}
    </span>
  );
}
