import { deleteFailedMessage, outcomeMessages } from '../../src/shared/outcome-messages';

describe('outcome messages (spec §8)', () => {
  it('says what worked with the entity capitalised and what failed with the thing in lower case', () => {
    expect(outcomeMessages('Saved search')).toEqual({
      created: 'Saved search created successfully',
      updated: 'Saved search updated successfully',
      deleted: 'Saved search deleted successfully',
      createFailed: 'An error occurred while creating the saved search',
      updateFailed: 'An error occurred while updating the saved search',
      deleteFailed: 'An error occurred while deleting the saved search',
    });
  });

  it('keeps the delete failure pattern for a thing named on its own', () => {
    expect(deleteFailedMessage('market')).toBe('An error occurred while deleting the market');
  });
});
