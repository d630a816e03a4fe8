import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SlotRow } from './rows';

/** Each time slot's name in the table and callouts, and its short form under the chart's bars. */
export const slotLabels: Record<SlotRow['key'], MessageDescriptor> = {
  weekdays_working_hours: msg`Weekdays 9:00–18:00`,
  weekdays_extra_hours: msg`Weekdays 18:00–24:00`,
  weekend: msg`Weekend (Saturday and Sunday)`,
  total: msg`Total (every hour)`,
};

export const shortSlotLabels: Record<SlotRow['key'], MessageDescriptor> = {
  weekdays_working_hours: msg`Mon–Fri 9–18`,
  weekdays_extra_hours: msg`Mon–Fri 18–24`,
  weekend: msg`Sat–Sun`,
  total: msg`Total`,
};
