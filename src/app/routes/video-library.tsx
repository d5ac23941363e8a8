import { VideoLibraryPage } from '@/features/ugc/components/video-library-page';

export default function VideoLibraryRoute() {
  return <VideoLibraryPage />;
}
