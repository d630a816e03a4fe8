import type { OperationSort, OperationType } from '../../api/fulfillment';

/** The resolved filters of one operations search (dates already defaulted and validated). */
export interface OperationFilters {
  sellerId: number;
  inventoryIds: string[];
  dateFrom: string;
  dateTo: string;
  type?: OperationType;
  shipmentId?: string;
  sort: OperationSort;
  limit: number;
}

/** Query keys of the fulfillment area, general → specific; apart from queries.ts so the shell's live updates can use them. */
export const fulfillmentKeys = {
  all: ['fulfillment'] as const,
  stock: (inventoryId: string) => [...fulfillmentKeys.all, 'stock', inventoryId] as const,
  recentInventories: (sellerId: number) => [...fulfillmentKeys.all, 'recent-inventories', sellerId] as const,
  searches: () => [...fulfillmentKeys.all, 'operations'] as const,
  operations: (filters: OperationFilters) => [...fulfillmentKeys.searches(), filters] as const,
};
