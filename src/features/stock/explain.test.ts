import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/errors';
import { MissingVersionError, stockErrorCodes } from '../../api/stock';
import { formatMessage } from '../../lib/i18n';
import { describeStockWriteError, locationInfo, type StockTranslate } from './explain';
import { messages } from './messages';

const t: StockTranslate = (key, vars) => formatMessage(messages.en[key], 'en', vars);

describe('stock refusals in words', () => {
  const refusals = Object.entries(stockErrorCodes).filter(([name]) => name !== 'notFound' && name !== 'staleVersion');

  it.each(refusals)('the 400 %s (%s) has its own explanation', (_name, code) => {
    const text = describeStockWriteError(new ApiError(400, code, 'server words', ['MLA1']), t);
    expect(text).not.toMatch(/server words \(400\)|The server refused the change/);
    expect(text?.length).toBeGreaterThan(20);
  });

  it('the client-side missing version guard is explained like the server row', () => {
    expect(describeStockWriteError(new MissingVersionError('MLAU1'), t)).toBe(t('errMissingVersion'));
  });

  it('an unknown 400 from a live API keeps the server message', () => {
    expect(describeStockWriteError(new ApiError(400, 'something_new', 'New rule'), t)).toBe(
      'The server refused the change (400): New rule',
    );
  });

  it('leaves other errors to the common words', () => {
    expect(describeStockWriteError(new ApiError(500, 'internal_error', 'boom'), t)).toBeUndefined();
    expect(describeStockWriteError(new TypeError('offline'), t)).toBeUndefined();
  });

  it('the items without inventory id are named', () => {
    expect(describeStockWriteError(new ApiError(400, stockErrorCodes.noInventoryId, 'x', ['MLA9']), t)).toContain('MLA9');
  });

  it('only the seller-managed types are editable here', () => {
    expect(['meli_facility', 'selling_address', 'seller_warehouse', 'other'].map((type) => locationInfo(type, t).editable)).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });
});
