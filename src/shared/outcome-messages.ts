/**
 * The spec's patterns for what a change said when it worked or failed (spec §8: '{Entity} created
 * successfully', 'An error occurred while deleting the {thing}'), for every kind of thing a user
 * creates, changes and deletes.
 */
export const createdMessage = (entity: string) => `${entity} created successfully`;
export const updatedMessage = (entity: string) => `${entity} updated successfully`;
export const deletedMessage = (entity: string) => `${entity} deleted successfully`;
export const createFailedMessage = (thing: string) => `An error occurred while creating the ${thing}`;
export const updateFailedMessage = (thing: string) => `An error occurred while updating the ${thing}`;
export const deleteFailedMessage = (thing: string) => `An error occurred while deleting the ${thing}`;

export interface OutcomeMessages {
  created: string;
  updated: string;
  deleted: string;
  createFailed: string;
  updateFailed: string;
  deleteFailed: string;
}

/** All six for one kind of thing: `outcomeMessages('Contact')` says 'Contact created successfully', '… the contact'. */
export function outcomeMessages(entity: string): OutcomeMessages {
  const thing = entity.toLowerCase();
  return {
    created: createdMessage(entity),
    updated: updatedMessage(entity),
    deleted: deletedMessage(entity),
    createFailed: createFailedMessage(thing),
    updateFailed: updateFailedMessage(thing),
    deleteFailed: deleteFailedMessage(thing),
  };
}
