import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { readAnswerTarget, targetMinutesMax, type AnswerTarget, type WorkingDay } from '../../../core/answerTarget.ts';
import { putAccountSettings, type AccountSettings } from '../../api/accountSettings';
import { DataState } from '../../components/DataState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { Section } from '../../components/Section';
import { accountSettingsKeys, accountSettingsQuery } from '../../lib/answerTarget';
import { useDenial } from '../../lib/permissions';
import { showToast } from '../../lib/toast';
import { useLingui } from '@lingui/react/macro';

const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
/** "18:30" → 1110; "24:00" is not an input's value, so a day's end is typed as 23:59 and kept to the minute. */
const minutesOf = (value: string) => {
  const [hours, minutes] = value.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};
/** A day open until midnight shows 23:59 and is saved as the day's end. */
const endOf = (value: string) => (value === '23:59' ? 24 * 60 : minutesOf(value));

/** Sunday first, as the stored hours; shown Monday first, as sellers read a week. */
const mondayFirst = [1, 2, 3, 4, 5, 6, 0];

function TargetForm({ sellerId, settings, denial }: { sellerId: number; settings: AccountSettings; denial: string | null }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState(String(settings.targetMinutes));
  const [days, setDays] = useState<(WorkingDay | null)[]>(settings.workingHours);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (target: AnswerTarget) => putAccountSettings(sellerId, target),
    onSuccess: (saved) => {
      queryClient.setQueryData(accountSettingsKeys.account(sellerId), saved);
      showToast(t`Response-time target saved for the whole team.`, 'success');
    },
  });
  const weekday = (day: number) =>
    new Intl.DateTimeFormat(i18n.locale, { weekday: 'long', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 1 + day));
  const setDay = (day: number, value: WorkingDay | null) => setDays((list) => list.map((entry, i) => (i === day ? value : entry)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readAnswerTarget({ targetMinutes: Number(minutes), workingHours: days });
    if ('problem' in read) {
      setProblem(
        !Number.isInteger(Number(minutes)) || Number(minutes) < 1 || Number(minutes) > targetMinutesMax
          ? t`The target is a whole number of minutes from 1 to ${{ max: targetMinutesMax }}.`
          : t`Each working day starts before it ends, and at least one day is a working day.`,
      );
      return;
    }
    setProblem(null);
    save.mutate(read);
  };
  const disabled = denial !== null;
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="body2" color="text.secondary">
        {t`Every unanswered question is due this many minutes of working time after it was asked; outside the working hours the clock stops. Hours are in ${{ zone: settings.timeZone }}.`}
      </Typography>
      <TextField
        label={t`Answer within (minutes)`}
        type="number"
        value={minutes}
        onChange={(event) => setMinutes(event.target.value)}
        disabled={disabled}
        error={problem !== null}
        helperText={problem ?? ' '}
        slotProps={{ htmlInput: { min: 1, max: targetMinutesMax, step: 1 } }}
        sx={{ maxWidth: 240 }}
      />
      <Stack spacing={1} role="group" aria-label={t`Working hours`}>
        {mondayFirst.map((day) => {
          const hours = days[day] ?? null;
          const name = weekday(day);
          return (
            <Stack key={day} direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
              <FormControlLabel
                sx={{ minWidth: 150 }}
                control={
                  <Checkbox
                    checked={hours !== null}
                    disabled={disabled}
                    onChange={(event) => setDay(day, event.target.checked ? { from: 9 * 60, to: 18 * 60 } : null)}
                  />
                }
                label={name}
              />
              {hours && (
                <>
                  <TextField
                    type="time"
                    size="small"
                    label={t`${{ day: name }} from`}
                    value={hhmm(hours.from)}
                    disabled={disabled}
                    onChange={(event) => setDay(day, { ...hours, from: minutesOf(event.target.value) })}
                  />
                  <TextField
                    type="time"
                    size="small"
                    label={t`${{ day: name }} until`}
                    value={hhmm(Math.min(hours.to, 24 * 60 - 1))}
                    disabled={disabled}
                    onChange={(event) => setDay(day, { ...hours, to: endOf(event.target.value) })}
                  />
                </>
              )}
            </Stack>
          );
        })}
      </Stack>
      {denial ? (
        <Typography variant="body2" color="text.secondary">
          {denial}
        </Typography>
      ) : (
        <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t`Save target`}
        </Button>
      )}
      {save.isError && <ErrorAlert error={save.error} onRetry={() => save.mutate(save.variables)} />}
    </Stack>
  );
}

/**
 * The account's response-time target and working hours, shared by the team: every member reads them (their due
 * times come from them), owners and managers change them.
 */
export function AnswerTargetSection({ sellerId }: { sellerId: number }) {
  const { t } = useLingui();
  const denial = useDenial('account.settings');
  const query = useQuery(accountSettingsQuery(sellerId));
  return (
    <Section title={t`Response-time target`}>
      <DataState query={query}>{(settings) => <TargetForm sellerId={sellerId} settings={settings} denial={denial} />}</DataState>
    </Section>
  );
}
