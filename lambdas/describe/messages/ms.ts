// Bahasa Melayu. Nama butang permainan (Hit, Stand, …) turut ditulis dalam bahasa Inggeris, kerana
// itulah yang tertera pada skrin permainan.
import type { RankName } from '../facts.ts';
import type { Catalogue } from './en.ts';

const RANK: Record<RankName, string> = {
  A: 'Ace',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  T: 'kad bernilai 10',
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
};
const SUIT = ['sped', 'lekuk', 'daiman', 'kelawar'];
const COUNT = ['tiada', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'lapan'];

export const ms: Catalogue = {
  lang: { name: 'Bahasa Melayu', label: 'MS' },
  words: {
    and: 'dan',
    or: 'atau',
    aRank: (r: RankName) => RANK[r],
    cardsNamed: (p) => `${COUNT[p.count] ?? p.count} kad ${RANK[p.rank]} ${SUIT[p.suit]}`,
    seconds: (n) => `${n} saat`,
  },
  doc: {
    subtitle: (p) => `Cara bermain ${p.name}: peraturan meja ini (versi ${p.version}).`,
  },
  section: {
    intro: 'Pengenalan',
    table: 'Meja permainan',
    cards: 'Kad',
    shuffle: 'Kocokan',
    round: 'Satu pusingan, langkah demi langkah',
    scoring: 'Pengiraan mata',
    dealer: 'Peraturan dealer',
    actions: 'Tindakan anda',
    shortBalance: 'Apabila baki anda tidak mencukupi',
    autoPlay: 'Apabila anda tidak bertindak dalam masa',
    players: 'Pemain duduk dan pertaruhan di belakang',
    commonPlayers: 'Pemain',
    ai: 'Pemain AI',
    results: 'Keputusan pusingan',
    bets: 'Pertaruhan dan bayaran',
    sideBets: 'Pertaruhan sampingan',
    limits: 'Had',
    stakeLimits: 'Jumlah pertaruhan',
    roundLimits: 'Had pusingan',
    caps: 'Had bayaran',
    deadlines: 'Had masa',
    rounding: 'Pembundaran bayaran',
    disconnection: 'Apabila sambungan terputus',
    errors: 'Ralat dan pusingan terbatal',
    rtp: 'Pulangan kepada pemain (RTP)',
    notes: 'Nota',
  },
  names: {
    betTypes: { hand: 'Pertaruhan utama', behind: 'Pertaruhan di belakang' },
    modes: { commission: 'Dengan Komisen', 'no-commission': 'Tanpa Komisen' },
    everyMode: (p) => (p.n === 2 ? 'Kedua-dua mod' : 'Semua mod'),
    sides: { andar: 'Andar', bahar: 'Bahar' },
    levels: { easy: 'Mudah', normal: 'Biasa', hard: 'Sukar' },
    actions: {
      hit: 'Tambah (Hit)',
      stand: 'Cukup (Stand)',
      double: 'Gandakan (Double)',
      split: 'Pisah (Split)',
      surrender: 'Serah (Surrender)',
      insurance: 'Insurans (Insurance)',
    },
  },
  intro: {
    blackjack: (p) =>
      `${p.name} ialah blackjack menentang dealer: sesuatu tangan menang apabila jumlahnya berakhir lebih hampir kepada 21 berbanding tangan dealer tanpa melebihi 21.`,
    seated: (p) => `Meja ini mempunyai ${p.seats} tempat duduk. Ambil tempat duduk dan mainkan tangan anda sendiri.`,
    seatedBehind:
      'Jika anda lebih suka menonton, letakkan pertaruhan di belakang pemain duduk dan kongsi keputusan tangannya.',
    commonDraw:
      'Seberapa ramai pemain pun boleh bermain serentak. Semua orang menerima tangan permulaan yang sama, dan setiap pemain membuat pertaruhan serta keputusannya sendiri bagi tangan itu.',
    solo: 'Meja latihan untuk seorang pemain: anda bermain tangan anda sendiri, dan pemain AI boleh mengisi tempat duduk yang lain.',
    practice: (p) =>
      `Pertaruhan menggunakan mata latihan (${p.code}) yang tiada nilai wang: mata ini tidak boleh dikeluarkan atau ditukar.`,
    andarBahar: (p) =>
      `${p.name} bermula dengan satu kad, iaitu Kad Permainan. Teka sebelah mana, Andar atau Bahar, yang akan menerima dahulu kad berpangkat sama.`,
  },
  table: {
    seats: (p) =>
      `${p.seats} tempat duduk bernombor 1 hingga ${p.seats}; permainan berjalan mengikut susunan tempat duduk, bermula dari tempat duduk 1.`,
    seatsPerPlayer: (p) =>
      p.n === 1
        ? 'Setiap pemain boleh mengambil satu tempat duduk.'
        : `Setiap pemain boleh mengambil sehingga ${p.n} tempat duduk serentak.`,
    takeSeat:
      'Untuk mengambil tempat duduk kosong, letakkan pertaruhan utama padanya: anda kemudian menjadi pemain duduk di situ.',
    mirror:
      'Semua tempat duduk seorang pemain membawa pertaruhan utama yang sama. Tambahan pertaruhan pada satu tempat duduk disalin ke tempat duduk anda yang lain jika baki mencukupi; jika tidak, tambahan itu dibahagi sama rata antara tempat duduk anda (dibundarkan ke bawah). Tempat duduk seterusnya diambil dengan pertaruhan yang sama dengan pertaruhan utama anda ketika itu.',
    noMirror: 'Setiap tempat duduk anda membawa pertaruhan utamanya sendiri.',
    demoNoSeat: 'Akaun demo (main untuk suka-suka) tidak boleh mengambil tempat duduk.',
    demoBehind: 'Akaun demo masih boleh bertaruh di belakang pemain duduk.',
    noBetSeatLost:
      'Pemain duduk yang tidak meletakkan pertaruhan utama dalam sesuatu pusingan kehilangan tempat duduknya apabila pertaruhan ditutup, dan pertaruhan orang lain pada tempat duduk itu dipulangkan.',
    noBetKeep: (p) =>
      `Jika anda tidak meletakkan pertaruhan utama pada tempat duduk anda, pertaruhan orang lain padanya dipulangkan; tempat duduk itu kekal milik anda selama ${p.rounds} pusingan tanpa pertaruhan, kemudian dilepaskan.`,
    belowMinimum:
      'Pemain duduk yang bakinya tidak mencukupi untuk pertaruhan utama minimum pada awal pusingan kehilangan tempat duduknya.',
    shortAtClose:
      'Tempat duduk yang pertaruhan utamanya tidak dapat dibayar apabila pertaruhan ditutup (baki tidak mencukupi) dilepaskan, dan semua pertaruhan padanya dipulangkan.',
    commonNoSeats: 'Tiada tempat duduk dan tiada had bilangan pemain.',
    commonSameHand:
      'Semua orang bermain tangan permulaan yang sama menentang tangan dealer yang sama; setiap pemain bermain salinan tangannya sendiri.',
    commonStream:
      'Kad yang ditarik selepas agihan datang daripada satu barisan kad yang dikongsi: kad pertama yang ditarik oleh mana-mana pemain ialah kad pertama yang sama bagi semua orang, kad kedua juga sama, dan seterusnya. Pemain yang membuat keputusan serupa akan berakhir dengan tangan yang sama.',
    commonSeated: 'Pemain yang mempunyai pertaruhan utama ialah pemain duduk dan membuat keputusan bagi tangannya.',
    soloSeats: (p) =>
      `${p.seats} tempat duduk, dimainkan mengikut susunan bermula dari tempat duduk 1. Anda mengambil satu tempat duduk; pemain AI boleh mengambil yang lain.`,
    soloOwn: 'Meja ini milik anda seorang: tiada orang lain boleh bertaruh di sini.',
    abSides: (p) =>
      `Dua sebelah, Andar dan Bahar. Kad diagihkan satu demi satu secara bergilir-gilir, bermula dengan ${p.first}: ${p.first}, ${p.second}, ${p.first}, dan seterusnya.`,
    abModes: (p) =>
      `Mod pertaruhan: ${p.modes}. Anda memilih mod bagi setiap pertaruhan; pertaruhan tanpa mod diletakkan dalam mod ${p.fallback}. Sesetengah pertaruhan hanya ditawarkan dalam satu mod (lihat Pertaruhan dan bayaran).`,
    abOneMode: (p) => `Satu mod pertaruhan: ${p.mode}.`,
    abNoSeats: 'Tiada tempat duduk: seberapa ramai pemain pun boleh bertaruh.',
  },
  cards: {
    decks: (p) =>
      p.decks === 1
        ? 'Permainan ini menggunakan satu dek standard 52 kad, tanpa joker.'
        : `Permainan ini menggunakan ${p.decks} dek standard yang setiap satunya 52 kad, tanpa joker, diagihkan daripada kotak kad (shoe).`,
    values: 'Nilai kad:',
    aceValue: 'Ace: 1 atau 11',
    faceValue: '2 hingga 10: mengikut nombor pada kad',
    courtValue: 'Jack, Queen dan King: 10',
    suitsSide: 'Jenis kad (♠ ♥ ♦ ♣) tidak diambil kira, kecuali bagi pertaruhan sampingan.',
    suitsNone: 'Jenis kad (♠ ♥ ♦ ♣) tidak diambil kira.',
    abRanks:
      'Hanya pangkat kad yang dikira: A, 2 hingga 10, J, Q dan K. Sesuatu kad sepadan dengan Kad Permainan jika pangkatnya sama.',
    abSuitsSide: 'Jenis kad (♠ ♥ ♦ ♣) tidak diambil kira, kecuali bagi pertaruhan sampingan.',
    abSuitsNone: 'Jenis kad (♠ ♥ ♦ ♣) tidak diambil kira.',
  },
  shuffle: {
    rng: 'Kad dikocok oleh penjana nombor rawak yang selamat dari segi kriptografi.',
    cut: (p) =>
      `Kad potong diletakkan supaya kira-kira ${p.share} daripada kotak kad diagihkan sebelum kad itu keluar.`,
    lastRound:
      'Pusingan yang mengeluarkan kad potong menjadi pusingan terakhir bagi kotak kad itu; selepas itu semua kad dikocok semula bersama-sama.',
    everyRound: 'Semua kad dikocok semula sebelum setiap pusingan.',
    burn: 'Selepas setiap kocokan, dealer membuka satu kad lalu membuang (mengetepikan tanpa ditunjukkan) kad seterusnya sebanyak nilai kad itu: Ace 1, 2 hingga 10 mengikut nombornya, J, Q dan K 10. Kad yang dibuka turut dibuang.',
    noBurn: 'Tiada kad dibuang selepas kocokan.',
  },
  round: {
    bettingSeated: (p) =>
      `Pertaruhan: kiraan detik pertaruhan berjalan selama ${p.seconds}. Pemain duduk meletakkan pertaruhan utama pada tempat duduk masing-masing.`,
    bettingCommon: (p) =>
      `Pertaruhan: kiraan detik pertaruhan berjalan selama ${p.seconds}. Letakkan pertaruhan utama untuk turut memainkan tangan.`,
    bettingSolo: 'Pertaruhan: letakkan pertaruhan utama anda, kemudian mulakan agihan apabila anda bersedia.',
    bettingBehind: 'Sesiapa sahaja boleh bertaruh di belakang pemain duduk.',
    bettingSide: (p) => `Pertaruhan sampingan juga boleh diletakkan: ${p.bets}.`,
    dealSeated:
      'Agihan: satu kad terbuka kepada setiap tempat duduk yang berisi mengikut susunan, kemudian satu kad terbuka kepada dealer; seterusnya kad kedua terbuka kepada setiap tempat duduk, dan kad kedua dealer secara tertutup (kad tertutup).',
    dealCommon:
      'Agihan: satu kad terbuka kepada tangan bersama, satu kad terbuka kepada dealer, kad kedua terbuka kepada tangan bersama, dan kad kedua dealer secara tertutup (kad tertutup).',
    insurance: (p) =>
      `Insurans: apabila kad terbuka dealer ialah ${p.up}, insurans ditawarkan kepada semua orang selama ${p.seconds}.`,
    peek: (p) =>
      `Semakan: apabila kad terbuka dealer ialah ${p.up}, dealer menyemak kad tertutupnya. Jika dealer mendapat blackjack, pusingan tamat di situ.`,
    noPeek:
      'Tiada semakan: dealer tidak melihat kad tertutupnya pada peringkat ini; blackjack dealer hanya kelihatan pada giliran dealer.',
    decideSeated: (p) =>
      `Membuat keputusan: tempat duduk bertindak satu demi satu mengikut susunan, setiap satu dalam masa ${p.seconds}. Anda boleh memilih tindakan sebelum giliran tempat duduk anda; tindakan itu dilaksanakan apabila giliran bermula, selagi ia masih dibenarkan.`,
    decideCommon: (p) =>
      `Membuat keputusan: semua pemain membuat keputusan serentak, dalam masa ${p.seconds}, setiap seorang atas salinan tangannya sendiri.`,
    decideSolo: (p) =>
      `Membuat keputusan: tempat duduk bertindak satu demi satu mengikut susunan; anda mempunyai ${p.seconds} bagi setiap keputusan, manakala pemain AI membuat keputusan sendiri.`,
    dealerTurn: 'Giliran dealer: dealer membuka kad tertutupnya dan menarik kad mengikut peraturan dealer.',
    settle: 'Keputusan pusingan: setiap tangan dibandingkan dengan tangan dealer dan semua pertaruhan diselesaikan.',
    endEarly: (p) =>
      `Pusingan tamat tanpa kad tambahan sebaik sahaja tiada lagi tangan yang bermain menentang dealer (semua tangan blackjack${p.surrender ? ', bust atau telah diserahkan' : ' atau bust'}): dealer hanya membuka kad tertutupnya.`,
    endEarlyDealerBets: (p) =>
      `Selagi ada pertaruhan atas tangan akhir dealer (${p.bets}), dealer tetap menarik kad mengikut peraturannya.`,
    abGameCard: 'Kad Permainan: dealer menarik satu kad dan menunjukkannya.',
    abBetting: (p) => `Pertaruhan: pertaruhan dibuka dan ditutup selepas ${p.seconds}.`,
    abDeal: (p) =>
      `Agihan: kad diagihkan satu demi satu, mula-mula kepada ${p.first}, kemudian ${p.second}, kemudian ${p.first} semula, dan seterusnya.`,
    abEnd:
      'Penamat: sebaik sahaja keluar kad yang sama pangkat dengan Kad Permainan, di sebelah mana pun, pusingan tamat dan sebelah itu menang.',
    abSettle: 'Keputusan pusingan: semua pertaruhan diselesaikan.',
  },
  scoring: {
    sum: 'Mata sesuatu tangan ialah jumlah nilai kadnya. Ace bernilai 11 kecuali jika ini menjadikan jumlahnya melebihi 21; dalam keadaan itu Ace bernilai 1. Tangan yang mengira Ace sebagai 11 dipanggil “soft”.',
    examples:
      'Sebagai contoh, A♥ 6♠ ialah soft 17; selepas ditambah 8♣, Ace dikira 1 dan tangan itu bernilai 15. K♦ 7♣ 5♥ bernilai 22: bust.',
    bust: 'Tangan yang melebihi 21 dipanggil bust dan terus kalah.',
    blackjack:
      'Blackjack ialah Ace dan kad bernilai 10 (10, J, Q atau K) sebagai dua kad pertama sesuatu tangan. Blackjack mengalahkan semua tangan lain, termasuk 21 yang terdiri daripada tiga kad atau lebih.',
    splitNotBlackjack: 'Selepas pisah (split), Ace dan kad bernilai 10 dikira sebagai 21, bukan blackjack.',
  },
  dealer: {
    s17: 'Dealer menarik kad pada 16 atau kurang dan berhenti pada 17 atau lebih, termasuk soft 17.',
    h17: 'Dealer menarik kad pada 16 atau kurang dan juga pada soft 17 (Ace bernilai 11 bersama kad bernilai 6), serta berhenti pada hard 17 atau lebih dan soft 18 atau lebih.',
    peek: (p) =>
      `Apabila kad terbuka dealer ialah ${p.up}, dealer menyemak kad tertutupnya untuk blackjack sebelum sesiapa bertindak; blackjack dealer terus menamatkan pusingan.`,
    noPeek: 'Dealer tidak menyemak kad tertutupnya untuk blackjack sebelum pemain bertindak.',
    originalBets:
      'Blackjack dealer yang hanya kelihatan pada giliran dealer mengambil pertaruhan asal sahaja: pertaruhan tambahan daripada gandakan dan pisah dipulangkan.',
    loseAll:
      'Blackjack dealer yang hanya kelihatan pada giliran dealer mengambil semua pertaruhan pada tangan itu, termasuk pertaruhan daripada gandakan dan pisah.',
    hole: 'Kad tertutup dealer kekal tertutup sehingga giliran dealer.',
  },
  actions: {
    intro: 'Apabila tangan anda sedang dimainkan, anda boleh memilih:',
    hit: 'Ambil satu kad lagi. Anda boleh menambah kad berulang kali sehingga anda berhenti, mencapai 21 atau bust.',
    stand: 'Tidak mengambil kad lagi.',
    autoStand: (p) => `Tangan berhenti dengan sendirinya ${p.cases}.`,
    autoStand21: 'pada 21 (termasuk blackjack)',
    autoStandDouble: 'selepas gandakan',
    autoStandAces: 'apabila Ace yang dipisah telah menerima satu-satunya kad tambahannya',
    double: 'Gandakan pertaruhan dan ambil tepat satu kad lagi.',
    doubleAny: 'Dibenarkan pada mana-mana dua kad pertama.',
    doubleTotals: (p) => `Hanya dibenarkan pada dua kad pertama yang berjumlah ${p.totals}.`,
    doubleAfterSplit: 'Juga dibenarkan pada dua kad pertama tangan yang dipisah.',
    doubleAfterSplitAces: 'Juga dibenarkan pada dua kad pertama tangan yang dipisah, termasuk Ace yang dipisah.',
    doubleAfterSplitNoAces: 'Juga dibenarkan pada dua kad pertama tangan yang dipisah, kecuali Ace yang dipisah.',
    doubleNoAfterSplit: 'Tidak dibenarkan pada tangan yang dipisah.',
    split: (p) =>
      `Jadikan pasangan dua kad pertama sebagai dua tangan; tangan baharu membawa pertaruhan yang sama dengan tangan pertama. ${p.extra}`,
    splitValue: 'Mana-mana dua kad yang sama nilai dikira sebagai pasangan, jadi King dan Queen boleh dipisah.',
    splitRank: 'Hanya dua kad yang sama pangkat dikira sebagai pasangan: King dan Queen tidak boleh dipisah.',
    splitHands: (p) =>
      p.hands === 2
        ? 'Tangan yang telah dipisah tidak boleh dipisah lagi.'
        : `Pasangan boleh dipisah semula, sehingga ${p.hands} tangan kesemuanya.`,
    resplitAces: 'Ace juga boleh dipisah semula.',
    noResplitAces: 'Ace hanya boleh dipisah sekali.',
    splitAcesOneCard: 'Setiap Ace yang dipisah hanya menerima satu kad.',
    splitAcesPlay: 'Ace yang dipisah dimainkan seperti tangan lain.',
    splitOrder:
      'Tangan pisah pertama terus menerima kad keduanya dan dimainkan hingga selesai; tangan kedua menerima kad keduanya apabila tiba gilirannya.',
    surrender: (p) =>
      `Serahkan tangan dan dapatkan semula separuh pertaruhan. Hanya pada dua kad pertama, sebelum tindakan lain, dan tidak selepas pisah${p.when}.`,
    surrenderNotAgainst: (p) => `; tidak dibenarkan apabila kad terbuka dealer ialah ${p.up}`,
    insurance: (p) =>
      `Apabila kad terbuka dealer ialah ${p.up}: pertaruhan sampingan bernilai separuh pertaruhan anda bahawa dealer mempunyai blackjack. Ia membayar ${p.pays} jika dealer mempunyai blackjack dan kalah jika tidak, apa pun yang berlaku kepada tangan anda. Tangan blackjack juga boleh diinsuranskan.`,
  },
  short: {
    intro:
      'Gandakan, pisah dan insurans hanya ditawarkan apabila baki anda mencukupi untuk pertaruhannya; tindakan yang dipilih sebelum giliran anda diperiksa semula ketika dilaksanakan.',
    doubleRefuse: 'Gandakan hanya ditawarkan apabila baki anda mencukupi untuk pertaruhan tambahannya.',
    doubleHit:
      'Jika baki anda tidak mencukupi ketika gandakan dilaksanakan, ia dilaksanakan sebagai tambah: satu kad lagi, pertaruhan tidak berubah, dan tangan terus dimainkan.',
    doubleHitOrStand:
      'Jika baki anda tidak mencukupi ketika gandakan dilaksanakan, tangan menarik kad jika matanya 11 atau kurang, dan berhenti jika lebih.',
    splitRefuse: 'Pisah hanya ditawarkan apabila baki anda mencukupi untuk pertaruhan tangan kedua.',
    splitHit:
      'Jika baki anda tidak mencukupi ketika pisah dilaksanakan, ia dilaksanakan sebagai tambah pada pasangan itu: satu kad lagi, tanpa pisah.',
    splitHitOrStand:
      'Jika baki anda tidak mencukupi ketika pisah dilaksanakan, tangan menarik kad jika matanya 11 atau kurang, dan berhenti jika lebih.',
    insurance: 'Insurans hanya ditawarkan apabila baki anda mencukupi.',
    follow: 'Tawaran ikut yang tidak mampu anda bayar dijawab tidak.',
  },
  autoPlay: {
    hits: (p) =>
      `Jika anda belum bertindak apabila masa tamat, atau sambungan anda terputus ketika tangan anda sedang dimainkan, sistem memainkan tangan itu untuk anda: ia menarik kad selagi matanya ${p.until} atau kurang (Ace dikira 11 kecuali jika ini menyebabkan bust), kemudian berhenti.`,
    stands:
      'Jika anda belum bertindak apabila masa tamat, atau sambungan anda terputus ketika tangan anda sedang dimainkan, sistem memilih berhenti bagi tangan anda.',
    questions: (p) => `Soalan yang belum dijawab (${p.questions}) dianggap dijawab tidak.`,
    insurance: 'insurans',
    followDouble: 'ikut gandakan',
    followSplit: 'ikut pisah',
  },
  players: {
    behind:
      'Sesiapa sahaja boleh bertaruh di belakang pemain duduk, tetapi tidak di belakang tempat duduknya sendiri. Pertaruhan di belakang menang atau kalah bersama tangan tempat duduk itu; semua keputusan dibuat oleh pemain duduk.',
    noBehind: 'Pertaruhan di belakang tidak ditawarkan di meja ini.',
    behindInsurance:
      'Pemain yang bertaruh di belakang boleh mengambil insurans sendiri, bernilai separuh pertaruhan di belakangnya, tanpa mengira pilihan pemain duduk.',
    behindNoInsurance: 'Pertaruhan di belakang tidak boleh diinsuranskan.',
    followDouble:
      'Ikut gandakan: apabila pemain duduk menggandakan, anda memilih sama ada pertaruhan di belakang anda turut digandakan. Tidak (pilihan asal, dan jawapan apabila baki anda tidak mencukupi): pertaruhan di belakang kekal seperti asal dan kad tambahan itu dikira sebagai tambah bagi anda. Ya: pertaruhan di belakang anda turut digandakan.',
    noFollowDouble:
      'Apabila pemain duduk menggandakan, pertaruhan di belakang anda kekal seperti asal dan kad tambahan itu dikira sebagai tambah bagi anda.',
    followSplit:
      'Ikut pisah: apabila pemain duduk memisah, anda memilih sama ada mengikut kedua-dua tangan. Tidak (pilihan asal, dan jawapan apabila baki anda tidak mencukupi): pertaruhan di belakang anda hanya mengikut tangan pertama. Ya: anda turut meletakkan pertaruhan yang sama di belakang tangan kedua.',
    noFollowSplit: 'Apabila pemain duduk memisah, pertaruhan di belakang anda hanya mengikut tangan pertama.',
    window: (p) =>
      `Soalan ini dibuka selama ${p.seconds} sejurus selepas tindakan pemain duduk, dan tiada kad diberikan kepada tangan yang digandakan atau dipisah sebelum semua orang menjawab atau masa tamat. Anda juga boleh menjawab lebih awal, sebelum giliran tempat duduk itu.`,
    placementSeat: (p) =>
      `${p.bet} diletakkan pada tempat duduk yang berisi: pemain duduknya, atau sesiapa sahaja di meja ini, boleh meletakkannya di situ.`,
    placementPlayer: (p) => `${p.bet} diletakkan sekali bagi setiap pemain, bukan bagi setiap tempat duduk.`,
    sideWithoutMain: (p) => `Pertaruhan sampingan tidak memerlukan pertaruhan utama: ${p.bets}.`,
    sideOnly:
      'Pemain yang hanya mempunyai pertaruhan sampingan sekadar menyaksikan tangan; keputusan dibuat oleh pemain yang mempunyai pertaruhan utama.',
  },
  ai: {
    levels: (p) => `Anda boleh meletakkan pemain AI di tempat duduk yang kosong, pada tahap berikut: ${p.levels}.`,
    chart: 'Setiap pemain AI mengikut carta strategi tahapnya, berdasarkan apa yang dilihatnya di meja.',
    view: 'Pemain AI hanya melihat apa yang dilihat oleh setiap pemain: kadnya sendiri dan kad terbuka di meja, tidak sekali-kali kad tertutup dealer atau kad yang masih dalam kotak kad.',
    bets: 'Setiap kali anda memulakan agihan, setiap pemain AI bertaruh minimum meja daripada mata latihannya sendiri.',
  },
  results: {
    blackjack: (p) =>
      `Blackjack anda menentang dealer yang tiada blackjack menang ${p.pays}. Jika dealer juga mempunyai blackjack, keputusannya seri.`,
    win: (p) =>
      `Tangan anda berhenti dengan jumlah lebih tinggi daripada dealer, atau dealer bust: anda menang ${p.pays}.`,
    lose: 'Anda bust (walaupun dealer kemudiannya bust), atau jumlah akhir dealer lebih tinggi; blackjack dealer mengalahkan setiap tangan yang bukan blackjack.',
    push: 'Jumlah sama: pertaruhan anda dipulangkan.',
    surrender: 'Separuh pertaruhan anda dipulangkan.',
    terms: { blackjack: 'Blackjack', win: 'Menang', lose: 'Kalah', push: 'Seri (push)', surrender: 'Serah' },
  },
  bets: {
    head: { bet: 'Pertaruhan', outcome: 'Keputusan', when: 'Menang apabila', pays: 'Bayaran' },
    blackjack: 'Blackjack',
    otherWin: 'Kemenangan lain',
    push: 'Seri',
    pushPays: 'pertaruhan dipulangkan',
    insuranceOutcome: 'Dealer mempunyai blackjack',
    insuranceCost: 'Insurans berharga separuh daripada pertaruhan yang dilindunginya.',
    ratio: (p) =>
      `Bayaran ${p.ratio} bermaksud anda menang ${p.won} bagi setiap ${p.staked} yang dipertaruhkan, dan pertaruhan anda turut dipulangkan.`,
    sideSee: 'Pertaruhan sampingan dan jadual bayarannya diterangkan di bawah.',
    cardsDealt: 'Bilangan kad yang diagihkan dikira bagi Andar dan Bahar bersama-sama; Kad Permainan tidak dikira.',
    abMain: 'Bertaruh pada sebelah yang akan menerima kad yang sepadan.',
    abModes: (p) => `${p.bet} hanya ditawarkan dalam mod ${p.modes}.`,
  },
  side: {
    none: 'Meja ini tidak menawarkan pertaruhan sampingan.',
    group: {
      'first-two': (p) => `${p.bet} ditentukan oleh dua kad pertama tangan.`,
      'first-two-and-up': (p) => `${p.bet} ditentukan oleh dua kad pertama tangan bersama kad terbuka dealer.`,
      'dealer-final': (p) => `${p.bet} ditentukan oleh tangan akhir dealer.`,
      'first-3': (p) =>
        `${p.bet} ditentukan oleh tiga kad sebagai tangan poker: Kad Permainan, kad pertama Andar dan kad pertama Bahar. Jika kurang daripada tiga kad diagihkan, pertaruhan ini kalah.`,
      outcome: (p) => `${p.bet} ditentukan oleh cara pusingan tamat.`,
    },
    /** The bet a side-bet section is about, after its first sentence. */
    it: 'Pertaruhan ini',
    highest: 'Hanya gabungan sepadan yang bayarannya paling tinggi dibayar.',
    withMain: (p) =>
      `${p.bet} hanya boleh diletakkan bersama pertaruhan utama, sebelum sebarang kad diagihkan; tanpa pertaruhan utama ia dipulangkan.`,
    independent: (p) => `${p.bet} diselesaikan secara berasingan, apa pun keputusan pertaruhan utama.`,
    straights: 'Straight: Ace boleh dikira tinggi atau rendah, maka A-2-3 dan Q-K-A ialah straight; K-A-2 bukan.',
    roundLimit: (p) =>
      `${p.bet} hanya boleh diletakkan dalam ${p.rounds} pusingan pertama setiap kotak kad; selepas itu ia ditutup hingga kocokan seterusnya.`,
    cap: (p) =>
      `${p.bet} membayar paling banyak ${p.cap} kemenangan bagi setiap pusingan, untuk semua pemain bersama; jika kemenangan melebihi jumlah itu, setiap pemenang dibayar secara berkadar supaya jumlahnya sama dengan had tersebut.`,
    head: { bet: 'Pertaruhan', hand: 'Gabungan menang', pays: 'Bayaran' },
    more: 'Pertaruhan dengan satu gabungan menang',
  },
  line: {
    named: (p) => `${p.text} — ${p.name}`,
    total: (p) => `jumlah ${p.totals}`,
    totalRange: (p) => `jumlah ${p.min} hingga ${p.max}`,
    totalAtLeast: (p) => `jumlah ${p.min} atau lebih`,
    totalAtMost: (p) => `jumlah ${p.max} atau kurang`,
    pair: 'sepasang kad (pangkat sama)',
    threeOfAKind: 'tiga kad sama pangkat (three of a kind)',
    sameRank: 'semuanya sama pangkat',
    notSameRank: 'tidak semuanya sama pangkat',
    identical: 'kad yang serupa (pangkat dan jenis sama)',
    notIdentical: 'tidak semuanya serupa',
    suited: (p) => (p.n === 2 ? 'kedua-duanya sama jenis' : 'semuanya sama jenis'),
    notSuited: (p) => (p.n === 2 ? 'jenisnya berlainan' : 'tidak semuanya sama jenis'),
    sameColour: (p) => (p.n === 2 ? 'kedua-duanya sama warna' : 'semuanya sama warna'),
    notSameColour: (p) => (p.n === 2 ? 'satu merah dan satu hitam' : 'tidak semuanya sama warna'),
    ranksAny: (p) => `${p.ranks} dalam sebarang susunan`,
    ranksSuited: (p) => `${p.ranks} sama jenis (suited)`,
    ranksUnsuited: (p) => `${p.ranks} tidak sama jenis (unsuited)`,
    cardsSame: (p) => `${p.named} (${p.symbols})`,
    cardsList: (p) => `kad ${p.symbols} dalam sebarang susunan`,
    straight: 'pangkat berturutan (straight)',
    notStraight: 'bukan straight',
    dealerBusts: 'dealer bust',
    dealerBustsWith: (p) => `dealer bust dengan ${p.count}`,
    dealerStands: 'dealer tidak bust',
    bust: 'jumlah kad melebihi 21',
    notBust: 'jumlah kad 21 atau kurang',
    cardCount: (p) => `${p.count}`,
    count: (p) => `${p.n} kad`,
    countRange: (p) => `${p.min} hingga ${p.max} kad`,
    countAtLeast: (p) => `${p.min} kad atau lebih`,
    countAtMost: (p) => `paling banyak ${p.max} kad`,
    dealerBlackjack: 'bersama blackjack dealer',
    noDealerBlackjack: 'tanpa blackjack dealer',
    winner: (p) => `${p.side} menang`,
    dealtExactly: (p) => (p.n === 1 ? 'pada kad pertama yang diagihkan' : `tepat selepas ${p.n} kad diagihkan`),
    dealtRange: (p) => `selepas ${p.min} hingga ${p.max} kad`,
    dealtAtLeast: (p) => `selepas ${p.min} kad atau lebih`,
    dealtAtMost: (p) => `selepas paling banyak ${p.max} kad`,
    roundEnds: (p) => `pusingan tamat ${p.dealt}`,
  },
  limits: {
    head: { bet: 'Pertaruhan', min: 'Minimum', max: 'Maksimum' },
    caption: (p) => `Jumlah pertaruhan bagi setiap jenis pertaruhan, dalam ${p.code}`,
    refuse:
      'Pertaruhan di bawah minimum atau di atas maksimum ditolak, kecuali peraturan di bawah menyatakan sebaliknya.',
    overMax: (p) => `${p.bet}: pertaruhan di atas maksimum diterima setakat maksimum, dan bakinya dipulangkan.`,
    underMin: (p) =>
      `${p.bet}: pertaruhan di bawah minimum diterima sekali dengan amaran; jika pemain yang sama mengulanginya di meja ini, semua pertaruhannya dalam pusingan itu dibatalkan dan dipulangkan.`,
    perSpot:
      'Had terpakai pada jumlah satu pertaruhan di satu tempat: menambah pertaruhan bermakna menambah jumlah yang sama.',
    noRoundLimits: 'Setiap pertaruhan boleh diletakkan dalam setiap pusingan kotak kad.',
    noCaps: 'Tiada pertaruhan yang mempunyai had jumlah bayaran bagi setiap pusingan.',
  },
  deadlines: {
    betting: (p) => `Pertaruhan: ${p.seconds}. Apabila kiraan detik tamat, pertaruhan ditutup dan agihan bermula.`,
    bettingSolo: 'Pertaruhan: tiada kiraan detik; agihan bermula apabila anda memintanya.',
    abBetting: (p) =>
      `Pertaruhan: ${p.seconds}, bermula sebaik Kad Permainan ditunjukkan. Apabila kiraan detik tamat, pertaruhan ditutup dan agihan bermula.`,
    decisionSeat: (p) => `Membuat keputusan: ${p.seconds} bagi giliran setiap tempat duduk.`,
    decisionCommon: (p) => `Membuat keputusan: ${p.seconds} untuk semua pemain bersama.`,
    insurance: (p) => `Insurans: ${p.seconds} untuk menjawab.`,
    follow: (p) => `Ikut gandakan dan ikut pisah: ${p.seconds} untuk menjawab.`,
    afterwards:
      'Apabila had masa berlalu, sistem membuat keputusan bagi pemain yang belum berbuat demikian (lihat Apabila anda tidak bertindak dalam masa).',
  },
  rounding: {
    down: (p) =>
      `Bayaran dibuat dalam unit penuh ${p.unit}. Bayaran yang jatuh di antara dua unit dibundarkan ke bawah.`,
    halfUp: (p) =>
      `Bayaran dibuat dalam unit penuh ${p.unit}. Bayaran yang jatuh di antara dua unit dibundarkan kepada unit yang terdekat, dan separuh dibundarkan ke atas.`,
    example: (p) =>
      `Sebagai contoh, kemenangan ${p.ratio} atas pertaruhan ${p.stake} (${p.bet}) bernilai ${p.exact}, dan ${p.paid} dibayar.`,
  },
  disconnection: {
    blackjack:
      'Jika sambungan anda terputus, pusingan diteruskan dan diselesaikan tanpa anda. Pertaruhan yang telah disahkan kekal sah dan diselesaikan apabila pusingan tamat; keputusan yang belum anda buat dilaksanakan seperti yang diterangkan dalam Apabila anda tidak bertindak dalam masa.',
    andarBahar:
      'Jika sambungan anda terputus selepas pusingan bermula, pusingan tetap diselesaikan dan pertaruhan anda dikira; keputusannya dapat dilihat apabila anda kembali.',
    history: 'Setiap pertaruhan dan keputusannya disimpan dalam sejarah pertaruhan anda.',
  },
  errors: {
    fault:
      'Jika berlaku kerosakan dalam permainan, sistem atau prosedur yang menghentikan pusingan, pusingan digantung sementara dealer memanggil penyelia. Jika kerosakan dapat dibaiki, pusingan diteruskan seperti biasa; jika tidak, pusingan dibatalkan dan semua pertaruhan di dalamnya dipulangkan.',
    misdeal: 'Kesilapan agihan membatalkan pusingan: semua pertaruhan di dalamnya dipulangkan.',
    scan: 'Jika pembaca kad tidak dapat membaca sesuatu kad, dealer mengimbasnya semula.',
    shoeOut:
      'Jika kad dalam kotak kad habis di tengah-tengah pusingan, pusingan dibatalkan dan semua pertaruhan di dalamnya dipulangkan.',
    notStarted: 'Pusingan yang belum bermula ketika berlaku kerosakan dibatalkan, dan semua pertaruhan dipulangkan.',
  },
  rtp: {
    what: 'Pulangan kepada pemain (RTP) ialah bahagian daripada semua wang yang dipertaruhkan pada sesuatu pertaruhan yang dibayar semula kepada pemain dalam jangka panjang.',
    how: 'Angka ini dikira dengan tepat daripada peraturan meja ini ketika halaman ini dihasilkan, dan dibundarkan ke bawah kepada dua tempat perpuluhan.',
    head: { bet: 'Pertaruhan', mode: 'Mod', rtp: 'RTP' },
    mainNote: 'dengan strategi asas terbaik',
    behind: (p) =>
      `Pertaruhan di belakang: ${p.rtp}, sama seperti pertaruhan utama, apabila pemain duduk bermain dengan strategi asas terbaik dan anda mengikut setiap gandakan dan pisah.`,
    max: (p) => `RTP maksimum permainan ini ialah ${p.rtp} (${p.bet}).`,
    maxMode: (p) => `RTP maksimum dalam mod ${p.mode} ialah ${p.rtp} (${p.bet}).`,
    missing: 'Angka RTP tidak dapat dikira untuk halaman ini.',
  },
  notes: {
    numbers: 'Nombor ditulis dalam format AS, contohnya 1,234.00.',
    english: 'Jika terjemahan ini berbeza daripada versi bahasa Inggeris, versi bahasa Inggeris yang terpakai.',
    version: (p) => `Peraturan versi ${p.version}.`,
  },
};
