import { FakeLeadStore, FakeWindowCounter } from './fake-lead-store.ts';
import { leadStoreContract } from './lead-store-contract.ts';

// The unit tests' fakes keep the same promises as the DynamoDB adapter: the suite they run
// here runs against the adapter on dynalite too (src/adapters/dynamodb.contract.int.test.ts).
leadStoreContract('the in-memory fakes', async () => {
  const store = new FakeLeadStore();
  return {
    store,
    counter: new FakeWindowCounter(),
    storeUnreadable: (lead) => store.storeUnreadable(lead),
    oweUnreadableEvent: (lead, id, dueAt) => store.oweUnreadableEvent(lead, id, dueAt),
  };
});
