/** The words the demo seed picks from (seeded, so every fresh database reads the same): moments, journals, CBT exercises, chats. */
export const FEELINGS = [
  'calm',
  'anxious',
  'tired',
  'hopeful',
  'low',
  'content',
  'irritable',
  'grateful',
  'overwhelmed',
  'focused',
];
export const ACTIVITIES = [
  'walk',
  'breathing',
  'meditation',
  'reading',
  'call-a-friend',
  'yoga',
  'journalling',
  'cooking',
];
export const SITUATIONS = [
  'My manager asked to speak to me tomorrow.',
  'A friend did not reply to my message.',
  'I made a mistake in a report at work.',
  'I have to give a short talk at a meeting.',
  "I was not invited to a colleague's lunch.",
];
export const JOURNAL_OPENINGS = [
  'Today started slowly.',
  'Work was busy again.',
  'I met a friend for coffee.',
  'I slept badly last night.',
  'I went for a long walk by the river.',
  'I finally finished the thing I had been putting off.',
  'The morning was hard, the afternoon better.',
  'I spent most of the day at home.',
];
export const JOURNAL_MIDDLES = [
  'I noticed my thoughts racing when I checked my e-mails.',
  'I tried the breathing exercise before the meeting and it helped a little.',
  'I felt more patient with myself than last week.',
  'I caught myself assuming the worst about a message.',
  'Talking it through made it feel smaller.',
  'I kept comparing myself to others.',
  'I let myself rest without feeling guilty.',
  'I felt a wave of worry in the evening.',
];
export const JOURNAL_CLOSINGS = [
  'Tomorrow I want to get outside early.',
  'I am going to bed earlier tonight.',
  'Small steps.',
  'I will bring this up in my next session.',
  'Grateful for a quiet evening.',
  'Going to try the thought record again.',
];
export const AUTOMATIC_THOUGHTS = [
  'They must think I am useless.',
  'I always mess things up.',
  'If I say something, I will embarrass myself.',
  'Nothing is going to change.',
  'Everyone else copes better than me.',
];
export const BALANCED_THOUGHTS = [
  'One mistake does not make me useless; I have done good work this month.',
  'I do not know what they think; they were probably busy.',
  'Some things have already changed, even if slowly.',
  'Others struggle too; I only see their outside.',
  'I can say something small and see how it goes.',
];
export const CORE_BELIEFS = [
  'I am not good enough.',
  'I am unlovable.',
  'The world is dangerous.',
  'I am a burden.',
];
export const DISTORTIONS = [
  'magnification',
  'mind-reading',
  'all-or-nothing',
  'overgeneralising',
  'should-statements',
  'fortune-telling',
  'labelling',
];
export const AFFIRMATIONS = [
  'I have got through difficult days before.',
  'My feelings are valid, and they pass.',
  'I am allowed to take things one step at a time.',
  'I deserve kindness, including from myself.',
  'Asking for help is a sign of strength.',
];
export const CHAT_LINES = [
  [
    'Hi, I have had a difficult week and wanted to talk.',
    'Thank you for reaching out. What has been the hardest part?',
  ],
  [
    'My sleep has been all over the place.',
    'That sounds tiring. Shall we look at your evening routine together?',
  ],
  ['I tried the thought record you suggested.', 'Well done for trying it. What did you notice?'],
  ['I felt anxious before work again.', 'Let us go through what happened just before the anxiety started.'],
];
