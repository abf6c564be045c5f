// Demo clips the documentation plays: the demo seed's 9:16 vertical renders under /media/demo/.
export interface StoryExample {
  title: string;
  caption: string;
  src: string;
  poster: string;
}

const demo = (key: string, title: string, caption: string): StoryExample => ({
  title,
  caption,
  src: `/media/demo/${key}.mp4`,
  poster: `/media/demo/${key}.jpg`,
});

export const STORY_EXAMPLES: StoryExample[] = [
  demo(
    'vertical-01',
    'Match-day recap',
    'A sports story: full-screen video pages cut from the day’s highlights.',
  ),
  demo(
    'vertical-02',
    'Breaking news explainer',
    'An image page for context followed by short video highlights.',
  ),
  demo('vertical-03', 'Weekend guide', 'A lifestyle story mixing highlights with captions.'),
];
