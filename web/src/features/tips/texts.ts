/** The tip screens' quoted texts, word for word (docs/product.md#texts-word-for-word). Validation texts: TIP_TEXTS. */
export const TIP_SCREEN_TEXTS = {
  loadCategoriesFailed: 'Failed to load tip categories',
  createFailed: 'Failed to create tip. Please try again.',
  createdTitle: 'Success!',
  created: 'Your tip has been created successfully',
  updated: 'Tip updated successfully',
  updateFailed: 'Failed to update tip',
  deleted: 'Tip deleted successfully',
  deleteFailed: 'Failed to delete tip',
  loadFailed: 'Failed to load tip',
  loading: 'Loading tip...',
  notFound: 'Tip not found',
  deleteTitle: 'Delete Tip',
  deleteConfirm: 'Are you sure you want to delete this tip? This action cannot be undone.',
  notOwner: 'You can only edit your own tips',
} as const;
