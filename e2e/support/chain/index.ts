export { NOT_COUNTED, startLocalChain, type LocalChain, type LocalChainOptions, type RateLimitOptions, type RpcDownMode } from './server';
export { LOCAL_GENESIS_HASH } from './rpc';
export { chainControl, type ChainControl } from './control';
export type { RecordedTransaction } from './ledger';
export type { RpcTransactionError } from './errors';
export type { CreateMintOptions, MintToOptions, TokenBalanceOptions } from './token-faucet';
export type { TokenBalance } from './token-balances';
export type { UiTokenAmount } from './token-state';
