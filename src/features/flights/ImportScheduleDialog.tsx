// Imports a schedule file (SSIM, CSV or XLSX) into the scenario: the file and its options, the
// upload with a progress bar, then for a large file (202) the import job's progress; a file with
// bad rows imports nothing and its line messages are listed. A file kept as a season imports no
// flights: its days are summarised for the season overview, where the design day is chosen.
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { useSetAtom } from 'jotai';
import { api } from '../../api/client';
import { ApiError, unwrap } from '../../api/errors';
import { fetchReportingUpload } from '../../api/uploadProgress';
import { Dialog } from '../../components/Dialog';
import { ProgressBar } from '../../components/ProgressBar';
import { TextField } from '../../components/TextField';
import { noteJobStartedAtom } from '../jobs/atoms';
import { getJob } from '../jobs/jobCalls';
import { browserSchedule, createJobsPoller, isActive, type Job } from '../jobs/jobPolling';

type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; percent: number | null }
  | { step: 'job'; job: Job }
  | { step: 'done'; imported: number | null; warnings: string[]; season?: string }
  | { step: 'failed'; messages: string[] };

type ImportScheduleDialogProps = { scenarioId: number; onImported: () => void; onClose: () => void };

type UploadAnswer = {
  job: Job | null;
  imported: number;
  warnings: string[];
  file: { row_count: number; period_start: string | null; period_end: string | null };
};

const seasonWords = (departures: number, from: string | null, to: string | null) =>
  `Kept as a season: ${departures} departures${from && to ? ` from ${from} to ${to}` : ''}.`;

export function ImportScheduleDialog({ scenarioId, onImported, onClose }: ImportScheduleDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [format, setFormat] = useState('');
  const [airport, setAirport] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [timeZone, setTimeZone] = useState('');
  const [season, setSeason] = useState(false);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const noteJobStarted = useSetAtom(noteJobStartedAtom);

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!file) return;
    const form = new FormData();
    form.append('scenario_id', String(scenarioId));
    const options: [string, string][] = [
      ['format', format],
      ['airport', airport.trim().toUpperCase()],
      ['from', from],
      ['to', to],
      ['time_zone', timeZone.trim()],
    ];
    for (const [name, value] of options) if (value && !(season && (name === 'from' || name === 'to'))) form.append(name, value);
    if (season) form.append('season', 'true');
    form.append('file', file, file.name);
    setPhase({ step: 'uploading', percent: null });
    try {
      // The upload has no JSON body, so it is not described in the schema's request types.
      const answer = (await unwrap(
        api.POST('/api/flight-schedule-file/', {
          body: form as never,
          fetch: fetchReportingUpload((sent, total) => setPhase({ step: 'uploading', percent: Math.round((100 * sent) / total) })),
        }),
      )) as UploadAnswer;
      if (answer.job) {
        noteJobStarted();
        setPhase({ step: 'job', job: answer.job });
      } else {
        const kept = season ? seasonWords(answer.file.row_count, answer.file.period_start, answer.file.period_end) : undefined;
        setPhase({ step: 'done', imported: answer.imported, warnings: answer.warnings, season: kept });
        onImported();
      }
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setPhase({ step: 'failed', messages: caught.detail ? [caught.detail] : Object.values(caught.fields).flat() });
    }
  }

  const followedJob = phase.step === 'job' ? phase.job.id : null;
  useEffect(() => {
    if (followedJob === null) return;
    const poller = createJobsPoller({
      fetchJobs: async () => [await getJob(followedJob)],
      onJobs: ([job]) => {
        if (isActive(job)) setPhase({ step: 'job', job });
        else if (job.status === 'succeeded') {
          const imported = typeof job.result?.flights === 'number' ? job.result.flights : null;
          const warnings = Array.isArray(job.result?.warnings) ? job.result.warnings.map(String) : [];
          const kept = typeof job.result?.departures === 'number' ? seasonWords(job.result.departures, null, null) : undefined;
          setPhase({ step: 'done', imported, warnings, season: kept });
          onImported();
        } else setPhase({ step: 'failed', messages: [job.error ?? job.message] });
      },
      onError: () => {},
      schedule: browserSchedule,
    });
    void poller.refresh();
    return () => poller.stop();
  }, [followedJob, onImported]);

  const working = phase.step === 'uploading' || phase.step === 'job';
  return (
    <Dialog title="Import schedule" onClose={onClose}>
      <form onSubmit={upload} noValidate className="import-form">
        <div className="field">
          <label htmlFor="schedule-file">Schedule file</label>
          <input id="schedule-file" type="file" accept=".csv,.xlsx,.txt,.ssim,.dat" onChange={(e) => setFile(e.target.files?.[0] ?? null)} disabled={working} />
          <p className="field__hint">SSIM chapter 7, CSV or XLSX. Options left empty use the scenario's airport and design date.</p>
        </div>
        <div className="field">
          <label htmlFor="schedule-format">Format</label>
          <select id="schedule-format" className="select" value={format} onChange={(e) => setFormat(e.target.value)} disabled={working}>
            <option value="">Detect</option>
            <option value="csv">CSV</option>
            <option value="ssim">SSIM</option>
            <option value="xlsx">XLSX</option>
          </select>
        </div>
        <TextField label="Airport (IATA)" value={airport} maxLength={3} onChange={(e) => setAirport(e.target.value)} disabled={working} />
        <label className="check-field">
          <input type="checkbox" checked={season} onChange={(e) => setSeason(e.target.checked)} disabled={working} />
          Keep as a season: every day the file covers, for choosing the design day (imports no flights)
        </label>
        {!season && (
          <div className="field-row">
            <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} disabled={working} />
            <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} disabled={working} />
          </div>
        )}
        <TextField
          label="Time zone of the file's times"
          placeholder="e.g. America/New_York"
          value={timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
          disabled={working}
        />
        <ImportProgress phase={phase} />
        <div className="actions">
          <button type="button" className="button button--text" onClick={onClose}>
            {phase.step === 'done' ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="button button--primary" disabled={!file || working}>
            Upload
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ImportProgress({ phase }: { phase: Phase }) {
  switch (phase.step) {
    case 'choose':
      return null;
    case 'uploading':
      return (
        <div className="import-progress">
          <p className="muted">
            {phase.percent === null || phase.percent < 100 ? `Uploading${phase.percent === null ? '' : ` (${phase.percent} %)`}…` : 'Uploaded; importing…'}
          </p>
          {/* Once the bytes are up the server reads the file: the bar moves without a figure. */}
          <ProgressBar label="Import progress" value={phase.percent !== null && phase.percent < 100 ? phase.percent : null} />
        </div>
      );
    case 'job':
      return (
        <div className="import-progress">
          <p className="muted">
            {phase.job.message || 'Importing'} ({phase.job.progress} %)
          </p>
          <ProgressBar label="Import progress" value={phase.job.progress} />
        </div>
      );
    case 'done':
      return (
        <div className="notice notice--success" role="status">
          {phase.season ? (
            <>
              {phase.season} <Link href="/app/allocation/season">Open the season overview</Link> to choose the design day.
            </>
          ) : phase.imported === null ? (
            'The schedule is imported.'
          ) : (
            `Imported ${phase.imported} flights.`
          )}
          {phase.warnings.length > 0 && (
            <ul className="import-messages">
              {phase.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          )}
        </div>
      );
    case 'failed':
      return (
        <div className="notice notice--error" role="alert">
          Nothing was imported:
          <ul className="import-messages">
            {phase.messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </div>
      );
  }
}
