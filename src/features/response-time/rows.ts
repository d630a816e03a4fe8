import { responseTimeSlots, type ResponseTime, type ResponseTimeSlot } from '../../api/response-time';

/** One line of the chart and the table: a slot, or the total (which never has a sales projection). */
export interface SlotRow {
  key: ResponseTimeSlot | 'total';
  minutes: number;
  salesPercentIncrease: number | null;
}

export function toRows(resource: ResponseTime): SlotRow[] {
  return [
    ...responseTimeSlots.map((key) => ({
      key,
      minutes: resource[key].response_time,
      salesPercentIncrease: resource[key].sales_percent_increase,
    })),
    { key: 'total', minutes: resource.total.response_time, salesPercentIncrease: null },
  ];
}
