// The workspace's Prettier options live in @tend/config (packages/config/prettier.json).
import options from '@tend/config/prettier' with { type: 'json' };

export default options;
