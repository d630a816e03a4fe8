import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { NotAvailableStatus, OperationGroup, OperationType } from '../../api/fulfillment';

/** Operation groups and types in words, for the type filter and the operations log. */
export const groupLabels: Record<OperationGroup, MessageDescriptor> = {
  inbound: msg`Inbound`,
  outbound: msg`Outbound`,
  withdrawal: msg`Withdrawal (seller request)`,
  transfer: msg`Transfer (operator internal)`,
  quarantine: msg`Quarantine (quality control)`,
  removal: msg`Removal QA`,
  adjustments: msg`Stock adjustments`,
};

export const typeLabels: Record<OperationType, MessageDescriptor> = {
  inbound_reception: msg`Units made available at the end of an inbound (may include damaged units or units without tax coverage).`,
  fiscal_coverage_ajustment: msg`Fiscal coverage adjustment: units gain tax coverage.`,
  sale_confirmation: msg`A reservation of units for a sale was confirmed.`,
  sale_cancelation: msg`A sale reservation was cancelled.`,
  sale_delivery_cancelation: msg`Not delivered: the units returned to the warehouse.`,
  sale_return: msg`Returned by the buyer.`,
  withdrawal_reservation: msg`Units reserved for a withdrawal you requested.`,
  withdrawal_cancelation: msg`A withdrawal was cancelled, totally or partially.`,
  withdrawal_delivery: msg`You collected the units at the warehouse.`,
  withdrawal_discarded: msg`Units discarded at your request.`,
  transfer_reservation: msg`Units reserved for a transfer between warehouses.`,
  transfer_ajustment: msg`After inspection, transferred units restocked as available or damaged.`,
  transfer_delivery: msg`A transfer between warehouses was delivered.`,
  quarantine_reservation: msg`Units held for quality control.`,
  quarantine_restock: msg`Units back in stock after quality control.`,
  lost_refund: msg`Lost units cancelled for good and refunded.`,
  disposed_tained: msg`Disposed: the product was contaminated.`,
  disposed_expired: msg`Disposed: the product expired.`,
  removal_reservation: msg`Units reserved for removal.`,
  removal_completion: msg`Removal completed.`,
  stranded_disposal_removal: msg`Removed for lack of rotation.`,
  ajustement: msg`Internal stock adjustment.`,
  identification_problem_remove: msg`Entered with a wrong SKU: cancelled at re-identification.`,
  identification_problem_add: msg`Entered with a wrong SKU: added to the right SKU.`,
  stock_audit: msg`Stock audit correction.`,
};

/** Why units are not available, by not_available_detail status. */
export const statusLabels: Record<NotAvailableStatus, MessageDescriptor> = {
  damage: msg`Damaged`,
  lost: msg`Lost`,
  withdrawal: msg`Withdrawal`,
  internal_process: msg`Internal process`,
  transfer: msg`Transfer`,
  noFiscalCoverage: msg`No fiscal coverage`,
  not_supported: msg`Not supported`,
};
