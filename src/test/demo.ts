/**
 * The one door from app tests to the simulator (ESLint lets only src/test and src/main.tsx import
 * src/demo): the msw/node server over the demo handlers, the db behind it, and the seeded ids tests name.
 */
export { resetDb, server, testDb } from '../demo/node';
export { createDb, type Db } from '../demo/db';
export { demoSeller, itemCategories, otherSeller, seedItems } from '../demo/db/core';
export { createRandom, type Random } from '../demo/db/random';
export { seedQuestions, type QuestionRecord } from '../demo/db/questions';
export { itemsOfUserProduct, stockScenarios } from '../demo/db/stock';
export { otherSellerInventoryId } from '../demo/db/fulfillment';
export { notify } from '../demo/db/notifications';
export { question, siteTime } from '../demo/db/response-time.fixtures';
export { apiPath } from '../demo/route';
