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
