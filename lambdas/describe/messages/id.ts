// Bahasa Indonesia. Istilah tombol permainan (Hit, Stand, …) ditulis juga dalam bahasa Inggris,
// karena itulah yang tertulis di layar permainan.
import type { RankName } from '../facts.ts';
import type { Catalogue } from './en.ts';

const RANK: Record<RankName, string> = {
  A: 'As',
  '2': '2',
  '3': '3',
  '4': '4',
  '5': '5',
  '6': '6',
  '7': '7',
  '8': '8',
  '9': '9',
  T: 'kartu bernilai 10',
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
};
const SUIT = ['sekop', 'hati', 'wajik', 'keriting'];
const COUNT = ['tanpa', 'satu', 'dua', 'tiga', 'empat', 'lima', 'enam', 'tujuh', 'delapan'];

export const id: Catalogue = {
  lang: { name: 'Bahasa Indonesia', label: 'ID' },
  words: {
    and: 'dan',
    or: 'atau',
    aRank: (r: RankName) => RANK[r],
    cardsNamed: (p) => `${COUNT[p.count] ?? p.count} kartu ${RANK[p.rank]} ${SUIT[p.suit]}`,
    seconds: (n) => `${n} detik`,
  },
  doc: {
    subtitle: (p) => `Cara bermain ${p.name}: aturan meja ini (versi ${p.version}).`,
  },
  section: {
    intro: 'Pengenalan',
    table: 'Meja permainan',
    cards: 'Kartu',
    shuffle: 'Pengocokan',
    round: 'Jalannya satu putaran',
    scoring: 'Menghitung skor',
    dealer: 'Aturan dealer',
    actions: 'Pilihan tindakan Anda',
    shortBalance: 'Jika saldo Anda tidak cukup',
    autoPlay: 'Jika Anda tidak bertindak tepat waktu',
    players: 'Pemain duduk dan taruhan di belakang',
    commonPlayers: 'Para pemain',
    ai: 'Pemain AI',
    results: 'Hasil',
    bets: 'Taruhan dan pembayaran',
    sideBets: 'Taruhan sampingan',
    limits: 'Batas',
    stakeLimits: 'Nilai taruhan',
    roundLimits: 'Batas putaran',
    caps: 'Batas pembayaran',
    deadlines: 'Batas waktu',
    rounding: 'Pembulatan pembayaran',
    disconnection: 'Jika koneksi terputus',
    errors: 'Gangguan dan putaran batal',
    rtp: 'Pengembalian kepada pemain (RTP)',
    notes: 'Catatan',
  },
  names: {
    betTypes: { hand: 'Taruhan utama', behind: 'Taruhan di belakang' },
    modes: { commission: 'Dengan Komisi', 'no-commission': 'Tanpa Komisi' },
    everyMode: (p) => (p.n === 2 ? 'Kedua mode' : 'Semua mode'),
    sides: { andar: 'Andar', bahar: 'Bahar' },
    levels: { easy: 'Mudah', normal: 'Normal', hard: 'Sulit' },
    actions: {
      hit: 'Tambah (Hit)',
      stand: 'Berhenti (Stand)',
      double: 'Gandakan (Double)',
      split: 'Pisah (Split)',
      surrender: 'Menyerah (Surrender)',
      insurance: 'Asuransi (Insurance)',
    },
  },
  intro: {
    blackjack: (p) =>
      `${p.name} adalah blackjack melawan dealer: sebuah tangan menang jika nilainya berakhir lebih dekat ke 21 daripada tangan dealer tanpa melewati 21.`,
    seated: (p) => `Meja ini memiliki ${p.seats} kursi. Duduklah dan mainkan tangan Anda sendiri.`,
    seatedBehind:
      'Jika Anda lebih suka menonton, pasang taruhan di belakang seorang pemain duduk dan ikuti hasil tangannya.',
    commonDraw:
      'Berapa pun jumlah pemain dapat bermain bersamaan. Semua menerima tangan awal yang sama, dan setiap pemain menentukan sendiri taruhan serta keputusannya atas tangan itu.',
    solo: 'Meja latihan untuk satu pemain: Anda memainkan tangan Anda sendiri, dan pemain AI boleh mengisi kursi lainnya.',
    practice: (p) =>
      `Taruhan memakai poin latihan (${p.code}) yang tidak bernilai uang: poin ini tidak dapat ditarik ataupun ditukar.`,
    andarBahar: (p) =>
      `${p.name} dimulai dengan satu kartu, yaitu Kartu Permainan. Tebak sisi mana, Andar atau Bahar, yang akan lebih dulu menerima kartu dengan angka yang sama.`,
  },
  table: {
    seats: (p) =>
      `${p.seats} kursi bernomor 1 sampai ${p.seats}; permainan berjalan sesuai urutan kursi, mulai dari kursi 1.`,
    seatsPerPlayer: (p) =>
      p.n === 1
        ? 'Setiap pemain boleh menempati satu kursi.'
        : `Setiap pemain boleh menempati hingga ${p.n} kursi sekaligus.`,
    takeSeat:
      'Untuk menempati kursi kosong, pasang taruhan utama di kursi itu: Anda pun menjadi pemain duduk di kursi tersebut.',
    mirror:
      'Semua kursi milik seorang pemain memiliki taruhan utama yang sama. Tambahan taruhan di satu kursi disalin ke kursi Anda yang lain bila saldo mencukupi; bila tidak, tambahan itu dibagi rata di antara kursi-kursi Anda (dibulatkan ke bawah). Kursi berikutnya ditempati dengan taruhan yang sama besar dengan taruhan utama Anda saat itu.',
    noMirror: 'Setiap kursi Anda memiliki taruhan utamanya sendiri.',
    demoNoSeat: 'Akun demo (main untuk bersenang-senang) tidak dapat menempati kursi.',
    demoBehind: 'Akun demo tetap boleh bertaruh di belakang pemain duduk.',
    noBetSeatLost:
      'Pemain duduk yang tidak memasang taruhan utama pada suatu putaran kehilangan kursinya saat taruhan ditutup, dan taruhan orang lain di kursi itu dikembalikan.',
    noBetKeep: (p) =>
      `Jika Anda tidak memasang taruhan utama di kursi Anda, taruhan orang lain di kursi itu dikembalikan; kursi tetap milik Anda selama ${p.rounds} putaran tanpa taruhan, lalu dilepas sesudahnya.`,
    belowMinimum:
      'Pemain duduk yang saldonya tidak cukup untuk taruhan utama minimum pada awal putaran kehilangan kursinya.',
    shortAtClose:
      'Kursi yang taruhan utamanya tidak dapat dibayar saat taruhan ditutup (saldo kurang) dilepas, dan semua taruhan di kursi itu dikembalikan.',
    commonNoSeats: 'Tidak ada kursi dan tidak ada batas jumlah pemain.',
    commonSameHand:
      'Semua pemain memainkan tangan awal yang sama melawan tangan dealer yang sama; masing-masing memainkan salinan tangannya sendiri.',
    commonStream:
      'Kartu yang diambil sesudah pembagian awal berasal dari satu urutan kartu bersama: kartu pertama yang diambil pemain mana pun sama bagi semua orang, kartu kedua juga sama, dan seterusnya. Pemain yang mengambil keputusan serupa akan berakhir dengan tangan yang sama.',
    commonSeated: 'Pemain yang memasang taruhan utama adalah pemain duduk dan mengambil keputusan untuk tangannya.',
    soloSeats: (p) =>
      `${p.seats} kursi, dimainkan sesuai urutan mulai dari kursi 1. Anda menempati satu kursi; pemain AI boleh mengisi kursi lainnya.`,
    soloOwn: 'Meja ini hanya milik Anda: tidak ada orang lain yang dapat bertaruh di sini.',
    abSides: (p) =>
      `Ada dua sisi, Andar dan Bahar. Kartu dibagikan satu per satu secara bergantian, dimulai dari ${p.first}: ${p.first}, ${p.second}, ${p.first}, dan seterusnya.`,
    abModes: (p) =>
      `Mode taruhan: ${p.modes}. Anda memilih mode pada setiap taruhan; taruhan tanpa mode dipasang dalam mode ${p.fallback}. Beberapa taruhan hanya tersedia dalam satu mode (lihat Taruhan dan pembayaran).`,
    abOneMode: (p) => `Satu mode taruhan: ${p.mode}.`,
    abNoSeats: 'Tidak ada kursi: berapa pun jumlah pemain boleh bertaruh.',
  },
  cards: {
    decks: (p) =>
      p.decks === 1
        ? 'Permainan ini memakai satu dek standar berisi 52 kartu, tanpa joker.'
        : `Permainan ini memakai ${p.decks} dek standar berisi masing-masing 52 kartu, tanpa joker, yang dibagikan dari sebuah shoe (kotak kartu).`,
    values: 'Nilai kartu:',
    aceValue: 'As: 1 atau 11',
    faceValue: '2 sampai 10: sesuai angka pada kartu',
    courtValue: 'Jack, Queen, dan King: 10',
    suitsSide: 'Jenis kartu (♠ ♥ ♦ ♣) tidak berpengaruh, kecuali untuk taruhan sampingan.',
    suitsNone: 'Jenis kartu (♠ ♥ ♦ ♣) tidak berpengaruh.',
    abRanks:
      'Hanya angka kartu yang dihitung: A, 2 sampai 10, J, Q, dan K. Sebuah kartu cocok dengan Kartu Permainan jika angkanya sama.',
    abSuitsSide: 'Jenis kartu (♠ ♥ ♦ ♣) tidak berpengaruh, kecuali untuk taruhan sampingan.',
    abSuitsNone: 'Jenis kartu (♠ ♥ ♦ ♣) tidak berpengaruh.',
  },
  shuffle: {
    rng: 'Kartu dikocok oleh pembangkit bilangan acak yang aman secara kriptografis.',
    cut: (p) =>
      `Kartu potong diletakkan sedemikian rupa sehingga kira-kira ${p.share} isi shoe dibagikan sebelum kartu itu keluar.`,
    lastRound:
      'Putaran tempat kartu potong keluar menjadi putaran terakhir dari shoe tersebut; sesudahnya semua kartu dikocok ulang bersama-sama.',
    everyRound: 'Semua kartu dikocok ulang sebelum setiap putaran.',
    burn: 'Setiap selesai dikocok, dealer membuka satu kartu lalu membuang (menyisihkan tanpa diperlihatkan) kartu berikutnya sebanyak nilai kartu itu: As 1, 2 sampai 10 sesuai angkanya, J, Q, dan K 10. Kartu yang dibuka ikut dibuang.',
    noBurn: 'Tidak ada kartu yang dibuang setelah pengocokan.',
  },
  round: {
    bettingSeated: (p) =>
      `Taruhan: hitung mundur taruhan berlangsung ${p.seconds}. Pemain duduk memasang taruhan utama di kursinya.`,
    bettingCommon: (p) =>
      `Taruhan: hitung mundur taruhan berlangsung ${p.seconds}. Pasang taruhan utama untuk ikut memainkan tangan.`,
    bettingSolo: 'Taruhan: pasang taruhan utama Anda, lalu mulai pembagian kartu saat Anda siap.',
    bettingBehind: 'Siapa saja boleh bertaruh di belakang pemain duduk.',
    bettingSide: (p) => `Taruhan sampingan juga boleh dipasang: ${p.bets}.`,
    dealSeated:
      'Pembagian: satu kartu terbuka untuk setiap kursi yang terisi sesuai urutan, lalu satu kartu terbuka untuk dealer; kemudian kartu kedua terbuka untuk setiap kursi, dan kartu kedua dealer secara tertutup (kartu tertutup).',
    dealCommon:
      'Pembagian: satu kartu terbuka untuk tangan bersama, satu kartu terbuka untuk dealer, kartu kedua terbuka untuk tangan bersama, dan kartu kedua dealer secara tertutup (kartu tertutup).',
    insurance: (p) =>
      `Asuransi: jika kartu terbuka dealer adalah ${p.up}, asuransi ditawarkan kepada semua pemain selama ${p.seconds}.`,
    peek: (p) =>
      `Pemeriksaan: jika kartu terbuka dealer adalah ${p.up}, dealer mengintip kartu tertutupnya. Jika dealer mendapat blackjack, putaran selesai di situ.`,
    noPeek:
      'Tanpa pemeriksaan: dealer tidak melihat kartu tertutupnya pada tahap ini; blackjack dealer baru terlihat pada giliran dealer.',
    decideSeated: (p) =>
      `Keputusan: kursi bertindak satu per satu sesuai urutan, masing-masing dalam ${p.seconds}. Anda boleh memilih tindakan sebelum giliran kursi Anda tiba; tindakan itu dijalankan saat giliran dimulai, selama masih diperbolehkan.`,
    decideCommon: (p) =>
      `Keputusan: semua pemain memutuskan pada waktu yang sama, dalam ${p.seconds}, masing-masing atas salinan tangannya sendiri.`,
    decideSolo: (p) =>
      `Keputusan: kursi bertindak satu per satu sesuai urutan; Anda mendapat ${p.seconds} untuk setiap keputusan, sedangkan pemain AI memutuskan sendiri.`,
    dealerTurn: 'Giliran dealer: dealer membuka kartu tertutupnya dan mengambil kartu sesuai aturan dealer.',
    settle: 'Hasil: setiap tangan dibandingkan dengan tangan dealer dan semua taruhan diselesaikan.',
    endEarly: (p) =>
      `Putaran berakhir tanpa kartu tambahan begitu tidak ada lagi tangan yang bermain melawan dealer (semua tangan blackjack${p.surrender ? ', bust, atau sudah menyerah' : ' atau bust'}): dealer hanya membuka kartu tertutupnya.`,
    endEarlyDealerBets: (p) =>
      `Selama masih ada taruhan atas tangan akhir dealer (${p.bets}), dealer tetap mengambil kartu sesuai aturannya.`,
    abGameCard: 'Kartu Permainan: dealer menarik satu kartu dan memperlihatkannya.',
    abBetting: (p) => `Taruhan: taruhan dibuka dan ditutup setelah ${p.seconds}.`,
    abDeal: (p) =>
      `Pembagian: kartu dibagikan satu per satu, pertama ke ${p.first}, lalu ke ${p.second}, lalu ke ${p.first} lagi, dan seterusnya.`,
    abEnd:
      'Akhir putaran: begitu keluar kartu yang angkanya sama dengan Kartu Permainan, di sisi mana pun, putaran berakhir dan sisi itu menang.',
    abSettle: 'Hasil: semua taruhan diselesaikan.',
  },
  scoring: {
    sum: 'Skor sebuah tangan adalah jumlah nilai kartunya. As bernilai 11, kecuali jika membuat jumlahnya melewati 21; dalam hal itu As bernilai 1. Tangan dengan As yang dihitung 11 disebut “soft”.',
    examples:
      'Contohnya, A♥ 6♠ adalah soft 17; setelah ditambah 8♣, As dihitung 1 dan skornya menjadi 15. K♦ 7♣ 5♥ bernilai 22: bust.',
    bust: 'Tangan yang melewati 21 disebut bust dan langsung kalah.',
    blackjack:
      'Blackjack adalah As dan kartu bernilai 10 (10, J, Q, atau K) sebagai dua kartu pertama sebuah tangan. Blackjack mengalahkan semua tangan lain, termasuk 21 yang terdiri dari tiga kartu atau lebih.',
    splitNotBlackjack: 'Setelah pisah (split), As dan kartu bernilai 10 dihitung 21, bukan blackjack.',
  },
  dealer: {
    s17: 'Dealer mengambil kartu pada skor 16 atau kurang dan berhenti pada 17 atau lebih, termasuk soft 17.',
    h17: 'Dealer mengambil kartu pada skor 16 atau kurang dan juga pada soft 17 (As bernilai 11 bersama kartu senilai 6), serta berhenti pada hard 17 atau lebih dan pada soft 18 atau lebih.',
    peek: (p) =>
      `Jika kartu terbuka dealer adalah ${p.up}, dealer memeriksa kartu tertutupnya untuk blackjack sebelum pemain bertindak; blackjack dealer langsung mengakhiri putaran.`,
    noPeek: 'Dealer tidak memeriksa kartu tertutupnya untuk blackjack sebelum pemain bertindak.',
    originalBets:
      'Blackjack dealer yang baru terlihat pada giliran dealer hanya mengambil taruhan awal: taruhan tambahan dari gandakan dan pisah dikembalikan.',
    loseAll:
      'Blackjack dealer yang baru terlihat pada giliran dealer mengambil seluruh taruhan pada tangan itu, termasuk taruhan dari gandakan dan pisah.',
    hole: 'Kartu tertutup dealer tetap tertutup sampai giliran dealer.',
  },
  actions: {
    intro: 'Saat tangan Anda sedang dimainkan, Anda dapat memilih:',
    hit: 'Ambil satu kartu lagi. Anda boleh menambah kartu berkali-kali sampai Anda berhenti, mencapai 21, atau bust.',
    stand: 'Tidak mengambil kartu lagi.',
    autoStand: (p) => `Tangan berhenti dengan sendirinya ${p.cases}.`,
    autoStand21: 'pada skor 21 (termasuk blackjack)',
    autoStandDouble: 'setelah menggandakan',
    autoStandAces: 'ketika As hasil pisah sudah menerima satu-satunya kartu tambahannya',
    double: 'Gandakan taruhan dan ambil tepat satu kartu lagi.',
    doubleAny: 'Boleh dilakukan pada dua kartu pertama apa pun.',
    doubleTotals: (p) => `Hanya boleh pada dua kartu pertama yang berjumlah ${p.totals}.`,
    doubleAfterSplit: 'Juga boleh pada dua kartu pertama tangan hasil pisah.',
    doubleAfterSplitAces: 'Juga boleh pada dua kartu pertama tangan hasil pisah, termasuk As hasil pisah.',
    doubleAfterSplitNoAces: 'Juga boleh pada dua kartu pertama tangan hasil pisah, kecuali As hasil pisah.',
    doubleNoAfterSplit: 'Tidak boleh pada tangan hasil pisah.',
    split: (p) =>
      `Pisahkan pasangan dua kartu pertama menjadi dua tangan; tangan baru memakai taruhan yang sama besar dengan tangan pertama. ${p.extra}`,
    splitValue: 'Dua kartu dengan nilai yang sama sudah dianggap pasangan, jadi King dan Queen boleh dipisah.',
    splitRank: 'Hanya dua kartu dengan angka yang sama yang dianggap pasangan: King dan Queen tidak boleh dipisah.',
    splitHands: (p) =>
      p.hands === 2
        ? 'Tangan hasil pisah tidak dapat dipisah lagi.'
        : `Pasangan boleh dipisah lagi, sampai ${p.hands} tangan seluruhnya.`,
    resplitAces: 'As juga boleh dipisah lagi.',
    noResplitAces: 'As hanya boleh dipisah satu kali.',
    splitAcesOneCard: 'As hasil pisah masing-masing hanya menerima satu kartu.',
    splitAcesPlay: 'As hasil pisah dimainkan seperti tangan lainnya.',
    splitOrder:
      'Tangan pisah pertama langsung menerima kartu keduanya dan dimainkan sampai selesai; tangan kedua menerima kartu keduanya ketika gilirannya tiba.',
    surrender: (p) =>
      `Lepaskan tangan dan terima kembali setengah taruhan. Hanya pada dua kartu pertama, sebelum tindakan lain, dan tidak setelah pisah${p.when}.`,
    surrenderNotAgainst: (p) => `; tidak boleh jika kartu terbuka dealer adalah ${p.up}`,
    insurance: (p) =>
      `Jika kartu terbuka dealer adalah ${p.up}: taruhan sampingan sebesar setengah taruhan Anda bahwa dealer mendapat blackjack. Dibayar ${p.pays} jika dealer mendapat blackjack dan kalah jika tidak, apa pun hasil tangan Anda. Tangan blackjack pun boleh diasuransikan.`,
  },
  short: {
    intro:
      'Gandakan, pisah, dan asuransi hanya ditawarkan jika saldo Anda cukup untuk taruhannya; tindakan yang dipilih sebelum giliran Anda diperiksa lagi saat dijalankan.',
    doubleRefuse: 'Gandakan hanya ditawarkan jika saldo Anda cukup untuk taruhan tambahannya.',
    doubleHit:
      'Jika saldo Anda tidak cukup saat gandakan dijalankan, tindakan itu dijalankan sebagai tambah: satu kartu lagi, taruhan tidak berubah, dan tangan terus dimainkan.',
    doubleHitOrStand:
      'Jika saldo Anda tidak cukup saat gandakan dijalankan, tangan mengambil kartu bila skornya 11 atau kurang, dan berhenti bila lebih.',
    splitRefuse: 'Pisah hanya ditawarkan jika saldo Anda cukup untuk taruhan tangan kedua.',
    splitHit:
      'Jika saldo Anda tidak cukup saat pisah dijalankan, tindakan itu dijalankan sebagai tambah pada pasangan tersebut: satu kartu lagi, tanpa pisah.',
    splitHitOrStand:
      'Jika saldo Anda tidak cukup saat pisah dijalankan, tangan mengambil kartu bila skornya 11 atau kurang, dan berhenti bila lebih.',
    insurance: 'Asuransi hanya ditawarkan jika saldo Anda cukup.',
    follow: 'Tawaran ikut yang tidak dapat Anda bayar dijawab tidak.',
  },
  autoPlay: {
    hits: (p) =>
      `Jika Anda belum bertindak ketika waktu habis, atau koneksi terputus saat tangan Anda sedang dimainkan, sistem memainkan tangan itu untuk Anda: sistem mengambil kartu selama skornya ${p.until} atau kurang (As dihitung 11 kecuali membuat tangan bust), lalu berhenti.`,
    stands:
      'Jika Anda belum bertindak ketika waktu habis, atau koneksi terputus saat tangan Anda sedang dimainkan, sistem memilih berhenti untuk tangan Anda.',
    questions: (p) => `Pertanyaan yang belum dijawab (${p.questions}) dianggap dijawab tidak.`,
    insurance: 'asuransi',
    followDouble: 'ikut gandakan',
    followSplit: 'ikut pisah',
  },
  players: {
    behind:
      'Siapa saja boleh bertaruh di belakang pemain duduk, tetapi tidak di belakang kursinya sendiri. Taruhan di belakang menang atau kalah bersama tangan kursi itu; semua keputusan diambil oleh pemain duduk.',
    noBehind: 'Taruhan di belakang tidak tersedia di meja ini.',
    behindInsurance:
      'Pemain yang bertaruh di belakang boleh mengambil asuransi sendiri, sebesar setengah taruhan di belakangnya, apa pun pilihan pemain duduk.',
    behindNoInsurance: 'Taruhan di belakang tidak dapat diasuransikan.',
    followDouble:
      'Ikut gandakan: ketika pemain duduk menggandakan, Anda memilih apakah taruhan di belakang Anda ikut digandakan. Tidak (pilihan bawaan, dan jawaban otomatis jika saldo kurang): taruhan di belakang tetap seperti semula dan kartu tambahan itu dihitung sebagai tambah bagi Anda. Ya: taruhan di belakang Anda juga digandakan.',
    noFollowDouble:
      'Ketika pemain duduk menggandakan, taruhan di belakang Anda tetap seperti semula dan kartu tambahan itu dihitung sebagai tambah bagi Anda.',
    followSplit:
      'Ikut pisah: ketika pemain duduk memisah, Anda memilih apakah mengikuti kedua tangan. Tidak (pilihan bawaan, dan jawaban otomatis jika saldo kurang): taruhan di belakang Anda hanya mengikuti tangan pertama. Ya: Anda juga memasang taruhan yang sama besar di belakang tangan kedua.',
    noFollowSplit: 'Ketika pemain duduk memisah, taruhan di belakang Anda hanya mengikuti tangan pertama.',
    window: (p) =>
      `Pertanyaan ini terbuka selama ${p.seconds} tepat setelah tindakan pemain duduk, dan tangan yang digandakan atau dipisah belum menerima kartu sebelum semua menjawab atau waktunya habis. Anda juga boleh menjawab lebih awal, sebelum giliran kursi itu.`,
    placementSeat: (p) =>
      `${p.bet} dipasang pada kursi yang terisi: pemain duduknya, atau siapa saja di meja ini, boleh memasangnya di sana.`,
    placementPlayer: (p) => `${p.bet} dipasang satu kali per pemain, bukan per kursi.`,
    sideWithoutMain: (p) => `Taruhan sampingan tidak memerlukan taruhan utama: ${p.bets}.`,
    sideOnly:
      'Pemain yang hanya memasang taruhan sampingan cukup menyaksikan tangan; keputusan diambil oleh pemain yang memasang taruhan utama.',
  },
  ai: {
    levels: (p) => `Anda boleh mendudukkan pemain AI di kursi yang kosong, dengan tingkat: ${p.levels}.`,
    chart:
      'Setiap pemain AI mengikuti tabel strategi sesuai tingkatnya, berdasarkan apa yang terlihat olehnya di meja.',
    view: 'Pemain AI hanya melihat apa yang dilihat setiap pemain: kartunya sendiri dan kartu terbuka di meja, tidak pernah kartu tertutup dealer ataupun kartu yang masih di dalam shoe.',
    bets: 'Setiap kali Anda memulai pembagian, setiap pemain AI bertaruh minimum meja dari poin latihannya sendiri.',
  },
  results: {
    blackjack: (p) =>
      `Blackjack Anda melawan dealer yang tidak mendapat blackjack menang ${p.pays}. Jika dealer juga mendapat blackjack, hasilnya seri.`,
    win: (p) =>
      `Tangan Anda berhenti dengan skor lebih tinggi daripada dealer, atau dealer bust: Anda menang ${p.pays}.`,
    lose: 'Anda bust (meskipun dealer kemudian juga bust), atau skor akhir dealer lebih tinggi; blackjack dealer mengalahkan semua tangan yang bukan blackjack.',
    push: 'Skor sama: taruhan Anda dikembalikan.',
    surrender: 'Setengah taruhan Anda dikembalikan.',
    terms: { blackjack: 'Blackjack', win: 'Menang', lose: 'Kalah', push: 'Seri (push)', surrender: 'Menyerah' },
  },
  bets: {
    head: { bet: 'Taruhan', outcome: 'Hasil', when: 'Menang jika', pays: 'Bayaran' },
    blackjack: 'Blackjack',
    otherWin: 'Kemenangan lain',
    push: 'Seri',
    pushPays: 'taruhan dikembalikan',
    insuranceOutcome: 'Dealer mendapat blackjack',
    insuranceCost: 'Asuransi seharga setengah taruhan yang dilindunginya.',
    ratio: (p) =>
      `Bayaran ${p.ratio} berarti Anda memenangkan ${p.won} untuk setiap ${p.staked} yang dipertaruhkan, dan taruhan Anda juga dikembalikan.`,
    sideSee: 'Taruhan sampingan beserta tabel pembayarannya dijelaskan di bawah.',
    cardsDealt:
      'Jumlah kartu yang dibagikan dihitung dari Andar dan Bahar bersama-sama; Kartu Permainan tidak dihitung.',
    abMain: 'Bertaruhlah pada sisi yang akan menerima kartu yang cocok.',
    abModes: (p) => `${p.bet} hanya tersedia dalam mode ${p.modes}.`,
  },
  side: {
    none: 'Meja ini tidak menawarkan taruhan sampingan.',
    group: {
      'first-two': (p) => `${p.bet} ditentukan oleh dua kartu pertama tangan.`,
      'first-two-and-up': (p) => `${p.bet} ditentukan oleh dua kartu pertama tangan bersama kartu terbuka dealer.`,
      'dealer-final': (p) => `${p.bet} ditentukan oleh tangan akhir dealer.`,
      'first-3': (p) =>
        `${p.bet} ditentukan oleh tiga kartu sebagai tangan poker: Kartu Permainan, kartu pertama Andar, dan kartu pertama Bahar. Jika kurang dari tiga kartu yang dibagikan, taruhan ini kalah.`,
      outcome: (p) => `${p.bet} ditentukan oleh cara putaran berakhir.`,
    },
    /** The bet a side-bet section is about, after its first sentence. */
    it: 'Taruhan ini',
    highest: 'Hanya kombinasi yang cocok dengan bayaran tertinggi yang dibayar.',
    withMain: (p) =>
      `${p.bet} hanya dapat dipasang bersama taruhan utama, sebelum kartu dibagikan; tanpa taruhan utama, taruhan ini dikembalikan.`,
    independent: (p) => `${p.bet} diselesaikan tersendiri, apa pun hasil taruhan utama.`,
    straights: 'Straight: As boleh dihitung tinggi atau rendah, jadi A-2-3 dan Q-K-A adalah straight; K-A-2 bukan.',
    roundLimit: (p) =>
      `${p.bet} hanya dapat dipasang pada ${p.rounds} putaran pertama setiap shoe; setelah itu taruhan ini ditutup sampai pengocokan berikutnya.`,
    cap: (p) =>
      `${p.bet} membayar paling banyak ${p.cap} kemenangan per putaran untuk semua pemain bersama-sama; jika kemenangan melebihi itu, setiap pemenang dibayar secara proporsional sehingga jumlahnya sama dengan batas tersebut.`,
    head: { bet: 'Taruhan', hand: 'Kombinasi menang', pays: 'Bayaran' },
    more: 'Taruhan dengan satu kombinasi menang',
  },
  line: {
    named: (p) => `${p.text} — ${p.name}`,
    total: (p) => `jumlah ${p.totals}`,
    totalRange: (p) => `jumlah ${p.min} sampai ${p.max}`,
    totalAtLeast: (p) => `jumlah ${p.min} atau lebih`,
    totalAtMost: (p) => `jumlah ${p.max} atau kurang`,
    pair: 'sepasang kartu (angka sama)',
    threeOfAKind: 'tiga kartu berangka sama (three of a kind)',
    sameRank: 'semua berangka sama',
    notSameRank: 'tidak semua berangka sama',
    identical: 'kartu identik (angka dan jenis sama)',
    notIdentical: 'tidak semuanya identik',
    suited: (p) => (p.n === 2 ? 'keduanya berjenis sama' : 'semuanya berjenis sama'),
    notSuited: (p) => (p.n === 2 ? 'jenisnya berbeda' : 'tidak semuanya berjenis sama'),
    sameColour: (p) => (p.n === 2 ? 'keduanya berwarna sama' : 'semuanya berwarna sama'),
    notSameColour: (p) => (p.n === 2 ? 'satu merah dan satu hitam' : 'tidak semuanya berwarna sama'),
    ranksAny: (p) => `${p.ranks} dalam urutan apa pun`,
    ranksSuited: (p) => `${p.ranks} berjenis sama (suited)`,
    ranksUnsuited: (p) => `${p.ranks} tidak berjenis sama (unsuited)`,
    cardsSame: (p) => `${p.named} (${p.symbols})`,
    cardsList: (p) => `kartu ${p.symbols} dalam urutan apa pun`,
    straight: 'angka berurutan (straight)',
    notStraight: 'bukan straight',
    dealerBusts: 'dealer bust',
    dealerBustsWith: (p) => `dealer bust dengan ${p.count}`,
    dealerStands: 'dealer tidak bust',
    bust: 'jumlah kartunya lebih dari 21',
    notBust: 'jumlah kartunya 21 atau kurang',
    cardCount: (p) => `${p.count}`,
    count: (p) => `${p.n} kartu`,
    countRange: (p) => `${p.min} sampai ${p.max} kartu`,
    countAtLeast: (p) => `${p.min} kartu atau lebih`,
    countAtMost: (p) => `paling banyak ${p.max} kartu`,
    dealerBlackjack: 'disertai blackjack dealer',
    noDealerBlackjack: 'tanpa blackjack dealer',
    winner: (p) => `${p.side} menang`,
    dealtExactly: (p) => (p.n === 1 ? 'pada kartu pertama yang dibagikan' : `tepat setelah ${p.n} kartu dibagikan`),
    dealtRange: (p) => `setelah ${p.min} sampai ${p.max} kartu`,
    dealtAtLeast: (p) => `setelah ${p.min} kartu atau lebih`,
    dealtAtMost: (p) => `setelah paling banyak ${p.max} kartu`,
    roundEnds: (p) => `putaran berakhir ${p.dealt}`,
  },
  limits: {
    head: { bet: 'Taruhan', min: 'Minimum', max: 'Maksimum' },
    caption: (p) => `Nilai taruhan per jenis taruhan, dalam ${p.code}`,
    refuse: 'Taruhan di bawah minimum atau di atas maksimum ditolak, kecuali ada aturan di bawah yang menyatakan lain.',
    overMax: (p) => `${p.bet}: taruhan di atas maksimum diterima sampai batas maksimum, dan sisanya dikembalikan.`,
    underMin: (p) =>
      `${p.bet}: taruhan di bawah minimum diterima satu kali dengan peringatan; jika pemain yang sama mengulanginya di meja ini, semua taruhannya pada putaran itu dibatalkan dan dikembalikan.`,
    perSpot:
      'Batas berlaku untuk jumlah satu taruhan pada satu tempat: menambah taruhan berarti menambah jumlah yang sama.',
    noRoundLimits: 'Semua taruhan dapat dipasang di setiap putaran dalam satu shoe.',
    noCaps: 'Tidak ada taruhan yang memiliki batas jumlah pembayaran per putaran.',
  },
  deadlines: {
    betting: (p) => `Taruhan: ${p.seconds}. Ketika hitung mundur selesai, taruhan ditutup dan pembagian kartu dimulai.`,
    bettingSolo: 'Taruhan: tanpa hitung mundur; pembagian kartu dimulai saat Anda memintanya.',
    abBetting: (p) =>
      `Taruhan: ${p.seconds}, sejak Kartu Permainan diperlihatkan. Ketika hitung mundur selesai, taruhan ditutup dan pembagian kartu dimulai.`,
    decisionSeat: (p) => `Keputusan: ${p.seconds} untuk giliran setiap kursi.`,
    decisionCommon: (p) => `Keputusan: ${p.seconds} untuk semua pemain bersama-sama.`,
    insurance: (p) => `Asuransi: ${p.seconds} untuk menjawab.`,
    follow: (p) => `Ikut gandakan dan ikut pisah: ${p.seconds} untuk menjawab.`,
    afterwards:
      'Ketika batas waktu lewat, sistem mengambil keputusan bagi pemain yang belum memutuskan (lihat Jika Anda tidak bertindak tepat waktu).',
  },
  rounding: {
    down: (p) =>
      `Pembayaran dilakukan dalam satuan utuh ${p.unit}. Pembayaran yang jatuh di antara dua satuan dibulatkan ke bawah.`,
    halfUp: (p) =>
      `Pembayaran dilakukan dalam satuan utuh ${p.unit}. Pembayaran yang jatuh di antara dua satuan dibulatkan ke satuan terdekat, dan setengah dibulatkan ke atas.`,
    example: (p) =>
      `Contohnya, kemenangan ${p.ratio} atas taruhan ${p.stake} (${p.bet}) bernilai ${p.exact}, dan yang dibayarkan ${p.paid}.`,
  },
  disconnection: {
    blackjack:
      'Jika koneksi Anda terputus, putaran tetap berjalan dan diselesaikan tanpa Anda. Taruhan yang sudah dikonfirmasi tetap berlaku dan diselesaikan saat putaran berakhir; keputusan yang belum Anda ambil dijalankan seperti dijelaskan di Jika Anda tidak bertindak tepat waktu.',
    andarBahar:
      'Jika koneksi Anda terputus setelah putaran dimulai, putaran tetap diselesaikan dan taruhan Anda dihitung; hasilnya terlihat saat Anda tersambung kembali.',
    history: 'Setiap taruhan beserta hasilnya tersimpan di riwayat taruhan Anda.',
  },
  errors: {
    fault:
      'Jika gangguan pada permainan, sistem, atau prosedur menghentikan putaran, putaran ditunda sementara dealer memanggil supervisor. Jika gangguan dapat diatasi, putaran dilanjutkan seperti biasa; jika tidak, putaran dibatalkan dan semua taruhan di dalamnya dikembalikan.',
    misdeal: 'Kesalahan pembagian kartu membatalkan putaran: semua taruhan di dalamnya dikembalikan.',
    scan: 'Jika pembaca kartu tidak dapat membaca sebuah kartu, dealer memindainya ulang.',
    shoeOut:
      'Jika kartu di dalam shoe habis di tengah putaran, putaran dibatalkan dan semua taruhan di dalamnya dikembalikan.',
    notStarted: 'Putaran yang belum dimulai ketika terjadi gangguan dibatalkan, dan semua taruhan dikembalikan.',
  },
  rtp: {
    what: 'Pengembalian kepada pemain (RTP) adalah bagian dari seluruh uang yang dipertaruhkan pada sebuah taruhan yang kembali kepada pemain dalam jangka panjang.',
    how: 'Angka-angka ini dihitung secara tepat dari aturan meja ini saat halaman ini dibuat, lalu dibulatkan ke bawah menjadi dua desimal.',
    head: { bet: 'Taruhan', mode: 'Mode', rtp: 'RTP' },
    mainNote: 'dengan strategi dasar terbaik',
    behind: (p) =>
      `Taruhan di belakang: ${p.rtp}, sama dengan taruhan utama, jika pemain duduk memakai strategi dasar terbaik dan Anda mengikuti setiap gandakan dan pisah.`,
    max: (p) => `RTP maksimum permainan ini adalah ${p.rtp} (${p.bet}).`,
    maxMode: (p) => `RTP maksimum dalam mode ${p.mode} adalah ${p.rtp} (${p.bet}).`,
    missing: 'Angka RTP tidak dapat dihitung untuk halaman ini.',
  },
  notes: {
    numbers: 'Angka ditulis dalam format AS, misalnya 1,234.00.',
    english: 'Jika terjemahan ini berbeda dengan versi bahasa Inggris, versi bahasa Inggris yang berlaku.',
    version: (p) => `Aturan versi ${p.version}.`,
  },
};
