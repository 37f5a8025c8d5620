// The files module's face: what other modules may use (decision 0022).
export {
  bannerPicture,
  iconPicture,
  productPicture,
  storeSeedPictures,
  type SeedImage,
  type SeedImagePurpose,
  type SeedPicture,
} from './seed-images';
// Images nobody publishes (a buyer's photos of a case): the upload's checks, served only through
// the route of the module that knows who may see them.
export {
  checkPrivateImages,
  dropPrivateImages,
  putPrivateImages,
  readPrivateImage,
  recordPrivateImages,
  type PrivateImageFolder,
  type StoredPrivateImage,
} from './private-images';
