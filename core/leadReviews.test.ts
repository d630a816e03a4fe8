import { describe, expect, it } from 'vitest';
import { leadReviewNoteMax, readLeadReview } from './leadReviews.ts';

describe('a lead review as sent', () => {
  it('takes a known status and a trimmed note, an empty note as none', () => {
    expect(readLeadReview({ status: 'contacted', note: '  called at 10  ' })).toEqual({ status: 'contacted', note: 'called at 10' });
    expect(readLeadReview({ status: 'sold', note: '   ' })).toEqual({ status: 'sold', note: null });
    expect(readLeadReview({ status: 'new' })).toEqual({ status: 'new', note: null });
  });

  it('refuses an unknown status and a note over the limit', () => {
    expect(readLeadReview({ status: 'reviewed' })).toEqual({ problem: 'status' });
    expect(readLeadReview(null)).toEqual({ problem: 'status' });
    expect(readLeadReview({ status: 'new', note: 5 })).toEqual({ problem: 'note' });
    expect(readLeadReview({ status: 'new', note: 'x'.repeat(leadReviewNoteMax) })).toMatchObject({ status: 'new' });
    expect(readLeadReview({ status: 'new', note: 'x'.repeat(leadReviewNoteMax + 1) })).toEqual({ problem: 'note' });
  });
});
