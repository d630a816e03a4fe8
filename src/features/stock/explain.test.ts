import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { MissingVersionError, stockErrorCodes } from '../../api/stock';
import { i18n } from '@lingui/core';
import { describeStockWriteError, locationInfo } from './explain';

describe('stock refusals in words', () => {
  const refusals = Object.entries(stockErrorCodes).filter(([name]) => name !== 'notFound' && name !== 'staleVersion');

  it.each(refusals)('the 400 %s (%s) has its own explanation', (_name, code) => {
    const text = describeStockWriteError(new ApiError(400, code, 'server words', ['MLA1']), i18n);
    expect(text).not.toMatch(/server words \(400\)|The server refused the change/);
    expect(text?.length).toBeGreaterThan(20);
  });

  it('the client-side missing version guard is explained like the server row', () => {
    expect(describeStockWriteError(new MissingVersionError('MLAU1'), i18n)).toBe(
      describeStockWriteError(new ApiError(400, stockErrorCodes.missingVersion, 'x'), i18n),
    );
  });

  it('an unknown 400 from a live API keeps the server message', () => {
    expect(describeStockWriteError(new ApiError(400, 'something_new', 'New rule'), i18n)).toBe(
      'The server refused the change (400): New rule',
    );
  });

  it('leaves other errors to the common words', () => {
    expect(describeStockWriteError(new ApiError(500, 'internal_error', 'boom'), i18n)).toBeUndefined();
    expect(describeStockWriteError(new TypeError('offline'), i18n)).toBeUndefined();
  });

  it('the items without inventory id are named', () => {
    expect(describeStockWriteError(new ApiError(400, stockErrorCodes.noInventoryId, 'x', ['MLA9']), i18n)).toContain('MLA9');
  });

  it('only the seller-managed types are editable here', () => {
    expect(['meli_facility', 'selling_address', 'seller_warehouse', 'other'].map((type) => locationInfo(type, i18n).editable)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
